import { ConflictError, ValidationError } from "@mp/errors";
import { type ItemStatus, invalidState } from "./item";

export const GALLERY_MAX = 8;

/** A gallery is an ordered list of asset ids; positions are the indexes, always 0..n-1. */
export type Gallery = readonly string[];

/** Append at the end; at most 8 images, each asset once. */
export function addImage(gallery: Gallery, assetId: string, status: ItemStatus): string[] {
  if (gallery.includes(assetId)) throw invalidState(status, "The image is already in the gallery.");
  if (gallery.length >= GALLERY_MAX)
    throw new ConflictError("gallery-full", `A gallery holds at most ${GALLERY_MAX} images.`);
  return [...gallery, assetId];
}

/** A new order must be an exact permutation of the current gallery: nothing added, dropped or repeated. */
export function reorderGallery(gallery: Gallery, assetIds: readonly string[]): string[] {
  const current = new Set(gallery);
  const proposed = new Set(assetIds);
  const exact =
    assetIds.length === gallery.length &&
    proposed.size === assetIds.length &&
    assetIds.every((id) => current.has(id));
  if (!exact)
    throw new ValidationError({
      "body.assetIds": ["must be a permutation of the current gallery's asset ids"],
    });
  return [...assetIds];
}

/** Removing renumbers the rest so positions stay 0..n-1; an asset not in the gallery is not found. */
export function removeImage(gallery: Gallery, assetId: string): string[] | undefined {
  if (!gallery.includes(assetId)) return undefined;
  return gallery.filter((id) => id !== assetId);
}

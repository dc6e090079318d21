import { imageSize } from "image-size";
import type { ObjectFacts } from "../domain/asset";
import { sniffMimeType } from "../domain/image-signature";

/**
 * Facts about an image from its first bytes: the type its magic bytes announce and the pixel size its
 * header declares, read by the maintained `image-size` parser (PNG IHDR, JPEG SOFn after any APPn
 * segments). A header it cannot read leaves the dimensions unknown rather than failing the call.
 */
export function readImageFacts(head: Uint8Array, sizeBytes: number): ObjectFacts {
  let dimensions: { width: number; height: number } | undefined;
  try {
    const size = imageSize(head);
    if (size.width > 0 && size.height > 0) dimensions = { width: size.width, height: size.height };
  } catch {
    dimensions = undefined;
  }
  return { exists: true, sizeBytes, detectedMimeType: sniffMimeType(head), dimensions };
}

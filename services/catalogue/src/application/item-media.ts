import type { ItemMedia, StorefrontItem } from "../domain/catalogue-item";
import type { CatalogueReader, ObjectUrlSigner } from "./read-model-ports";

/**
 * Icon and gallery urls for a page of items, presigned now from the finalised assets the read model holds.
 * An asset whose finalised event has not arrived yet is left out (no icon, one image fewer) until it does.
 */
export async function renderMedia<T extends StorefrontItem>(
  items: T[],
  deps: { reader: CatalogueReader; signer: ObjectUrlSigner },
): Promise<(T & ItemMedia)[]> {
  const ids = [
    ...new Set(items.flatMap((i) => [...(i.iconAssetId ? [i.iconAssetId] : []), ...i.imageAssetIds])),
  ];
  const assets = await deps.reader.assets(ids);
  const urls = new Map(
    await Promise.all(
      [...assets.values()].map(
        async (a): Promise<[string, string]> => [a.id, await deps.signer.presignGet(a.objectKey)],
      ),
    ),
  );
  return items.map((item) => {
    const images = item.imageAssetIds.flatMap((id) => {
      const asset = assets.get(id);
      const url = urls.get(id);
      return asset && url
        ? [{ assetId: id, url, width: asset.width, height: asset.height, mimeType: asset.mimeType }]
        : [];
    });
    return {
      ...item,
      iconUrl: (item.iconAssetId && urls.get(item.iconAssetId)) || null,
      images: images.map((image, position) => ({ ...image, position })),
    };
  });
}

import type { ItemSnapshotV1 } from "@mp/contracts";
import type { CallContext } from "@mp/grpc";
import type { Item } from "../domain/item";
import type { MetadataRecord } from "../domain/metadata";
import type { Money } from "../domain/price";
import { type Readiness, readiness } from "../domain/readiness";
import type { AssetInfo, AssetsPort, ItemState } from "./ports";

export interface ImageView {
  assetId: string;
  position: number;
  url: string;
  width: number;
  height: number;
  mimeType: string;
}

/** The developer view of an item (contract section 4, "Marketplace item"). */
export interface ItemView extends Item {
  metadata: MetadataRecord;
  icon: AssetInfo | null;
  images: ImageView[];
  basePrice: Money | null;
  releaseCount: number;
  latestVersion: string | null;
  readiness: Readiness;
}

export function readinessOf(state: ItemState): Readiness {
  return readiness({
    displayName: state.metadata.displayName,
    hasBasePrice: state.basePrice !== null,
    availableReleases: state.availableReleases,
  });
}

/**
 * Images with fresh presigned urls. An image whose asset the assets service no longer reports is left out
 * rather than shown with a dead url; the others keep their stored positions.
 */
export function imageViews(state: ItemState, assets: Map<string, AssetInfo>): ImageView[] {
  return state.images.flatMap((image) => {
    const asset = assets.get(image.assetId);
    return asset ? [{ ...image, url: asset.url }] : [];
  });
}

/** Views of several items with one GetAssets call for every icon and image among them. */
export async function renderItems(
  states: ItemState[],
  port: AssetsPort,
  ctx: CallContext,
): Promise<ItemView[]> {
  const ids = [
    ...new Set(
      states.flatMap((s) => [...(s.iconAssetId ? [s.iconAssetId] : []), ...s.images.map((i) => i.assetId)]),
    ),
  ];
  const assets = new Map((await port.getMany(ids, ctx)).map((a) => [a.id, a]));
  return states.map((state) => ({
    ...state.item,
    metadata: state.metadata,
    icon: state.iconAssetId ? (assets.get(state.iconAssetId) ?? null) : null,
    images: imageViews(state, assets),
    basePrice: state.basePrice,
    releaseCount: state.releaseCount,
    latestVersion: state.latestVersion,
    readiness: readinessOf(state),
  }));
}

export async function renderItem(state: ItemState, port: AssetsPort, ctx: CallContext): Promise<ItemView> {
  const [view] = await renderItems([state], port, ctx);
  return view as ItemView;
}

/**
 * The storefront snapshot every publishing.item.*.v1 event carries (no asset urls: they expire), with the
 * item's aggregate version (`state.version`: after a change, the one `ItemRepository.update` returned).
 */
export function toItemSnapshot(state: ItemState, occurredAt: Date): ItemSnapshotV1 {
  const { item, metadata } = state;
  return {
    itemId: item.id,
    organisationId: item.organisationId,
    marketplaceInstanceId: item.marketplaceInstanceId,
    infuseIotApplicationId: item.infuseIotApplicationId,
    type: item.type,
    status: item.status,
    displayName: metadata.displayName,
    description: metadata.description,
    algorithmType: metadata.algorithmType,
    licenseUrl: metadata.licenseUrl,
    eulaUrl: metadata.eulaUrl,
    iconAssetId: state.iconAssetId,
    imageAssetIds: state.images.map((i) => i.assetId),
    basePrice: state.basePrice,
    latestVersion: state.latestVersion,
    publishedAt: item.publishedAt?.toISOString() ?? null,
    createdAt: item.createdAt.toISOString(),
    occurredAt: occurredAt.toISOString(),
    version: state.version,
  };
}

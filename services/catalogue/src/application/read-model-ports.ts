import type { AssetFinalisedV1, ItemSnapshotV1, ListingSnapshotV1, OfferingSnapshotV1 } from "@mp/contracts";
import type { Paged, PoolClient } from "@mp/db";
import type { ItemRelease, ListedItemRecord, OfferedItemRecord } from "../domain/catalogue-item";
import type { CatalogueQuery } from "./catalogue-query";

/** An item release as any of its four events describes it (fields of the other statuses left out). */
export interface ItemReleaseFacts {
  itemReleaseId: string;
  itemId: string;
  infuseIotReleaseId: string;
  releaseVersion: string;
  board: { id: string; name: string; target: string };
  sizeBytes: number;
  status: "preparing" | "available" | "failed";
  sha256: string | null;
  /** When the release was added, or the earliest time an event about it carries when it does not say. */
  createdAt: Date;
  version: number;
}

/**
 * Writes of the read models, each in the inbox transaction of the event and behind the aggregate's version
 * guard: applying an event twice, or an older one after a newer, changes nothing.
 */
export interface ReadModelWriter {
  item(tx: PoolClient, item: ItemSnapshotV1): Promise<void>;
  itemRelease(tx: PoolClient, release: ItemReleaseFacts): Promise<void>;
  asset(tx: PoolClient, asset: AssetFinalisedV1): Promise<void>;
  offering(tx: PoolClient, offering: OfferingSnapshotV1): Promise<void>;
  listing(tx: PoolClient, listing: ListingSnapshotV1): Promise<void>;
}

export interface StoredAsset {
  id: string;
  objectKey: string;
  mimeType: string;
  width: number;
  height: number;
}

/** Reads of the read models; nothing here calls another service. */
export interface CatalogueReader {
  listListed(query: CatalogueQuery): Promise<Paged<ListedItemRecord>>;
  getListed(id: string, marketplaceInstanceId: string): Promise<ListedItemRecord | undefined>;
  listOffered(providerOrganisationId: string, query: CatalogueQuery): Promise<Paged<OfferedItemRecord>>;
  getOffered(providerOrganisationId: string, id: string): Promise<OfferedItemRecord | undefined>;
  assets(ids: string[]): Promise<Map<string, StoredAsset>>;
  /** Available releases per item id, newest first. */
  availableReleases(itemIds: string[]): Promise<Map<string, ItemRelease[]>>;
}

/** Presigns short-lived GETs for stored objects (a local computation: no call to the object store). */
export interface ObjectUrlSigner {
  presignGet(objectKey: string): Promise<string>;
}

import type { EventEnvelope } from "@mp/bus";
import type { Paged, PoolClient } from "@mp/db";
import type { CallContext } from "@mp/grpc";
import type { Item, ItemStatus, ItemType } from "../domain/item";
import type { MetadataFields, MetadataRecord } from "../domain/metadata";
import type { Money, PriceRecord } from "../domain/price";

export type { KnownInstance, KnownInstanceRepository } from "@mp/known-instances";

/** A gallery image as stored: the asset's id, its place and the facts the assets service confirmed. */
export interface StoredImage {
  assetId: string;
  position: number;
  width: number;
  height: number;
  mimeType: string;
}

/** Everything beside the item row that its view, its readiness and its events are computed from. */
export interface ItemState {
  item: Item;
  metadata: MetadataRecord;
  iconAssetId: string | null;
  images: StoredImage[];
  basePrice: Money | null;
  /** Item releases that are not `failed`. */
  releaseCount: number;
  availableReleases: number;
  /** Version of the newest `available` release. */
  latestVersion: string | null;
  /** The item's aggregate version: that of its latest event (see `ItemRepository.update`). */
  version: number;
}

export type ItemOrder = "createdAt" | "updatedAt" | "displayName";

export interface PageQuery<O extends string = "createdAt"> {
  page: number;
  pageSize: number;
  orderBy: O;
  direction: "asc" | "desc";
}

export interface ListItemsQuery extends PageQuery<ItemOrder> {
  marketplaceInstanceId?: string;
  type?: ItemType;
  status?: ItemStatus;
  search?: string;
}

/**
 * Storage of items and what is appended to them. Writes take the transaction's client so the outbox row
 * commits with them; `lock` takes the item's row lock, which serialises every change of one item.
 */
export interface ItemRepository {
  /** Throws ConflictError `already-linked` when the application already has an item in the instance. */
  insert(tx: PoolClient, item: Item, metadata: { id: string; fields: MetadataFields }): Promise<void>;
  lock(tx: PoolClient, organisationId: string, id: string): Promise<Item | undefined>;
  find(organisationId: string, id: string): Promise<Item | undefined>;
  list(organisationId: string, query: ListItemsQuery): Promise<Paged<Item>>;
  /** Read inside `tx` when given (after a change, before commit), else from the pool. */
  state(item: Item, tx?: PoolClient): Promise<ItemState>;
  /**
   * Store a change of the item and bump its aggregate version; resolves to the new version, which the
   * event announcing the change carries (same transaction, under the item's row lock).
   */
  update(tx: PoolClient, item: Item, changes: { iconAssetId?: string }): Promise<number>;
  appendMetadata(
    tx: PoolClient,
    itemId: string,
    record: { id: string; fields: MetadataFields; at: Date },
  ): Promise<void>;
  metadataHistory(itemId: string, query: PageQuery): Promise<Paged<MetadataRecord>>;
  replaceImages(tx: PoolClient, itemId: string, images: StoredImage[], at: Date): Promise<void>;
  appendPrice(tx: PoolClient, itemId: string, record: { id: string } & PriceRecord): Promise<void>;
  priceHistory(itemId: string, query: PageQuery): Promise<Paged<PriceRecord>>;
}

/** An asset as the assets service reports it to the caller's organisation. */
export interface AssetInfo {
  id: string;
  assetType: string;
  mimeType: string;
  fileName: string;
  sizeBytes: number;
  width: number;
  height: number;
  status: string;
  url: string;
  createdAt: string;
}

/** The assets service, asked on the caller's behalf (another organisation's asset is not found). */
export interface AssetsPort {
  get(assetId: string, ctx: CallContext): Promise<AssetInfo>;
  /** The caller's assets among `ids`; unknown ids are left out. */
  getMany(ids: string[], ctx: CallContext): Promise<AssetInfo[]>;
}

/** The IoT application as the iot-adapter reports it to the caller's organisation. */
export interface IotApplicationsPort {
  get(applicationId: number, ctx: CallContext): Promise<{ name: string; description: string }>;
}

/** Runs work in one database transaction and appends events to the outbox inside it. */
export interface UnitOfWork {
  run<T>(work: (tx: PoolClient, emit: (event: EventEnvelope) => Promise<void>) => Promise<T>): Promise<T>;
}

export interface Clock {
  now(): Date;
}

export interface IdGenerator {
  next(): string;
}

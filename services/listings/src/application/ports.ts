import type { EventEnvelope } from "@mp/bus";
import type { Paged, PageQuery, PoolClient, Queryable } from "@mp/db";
import type { CallContext, RequestCreation } from "@mp/grpc";
import type { ItemType, KnownItem } from "../domain/item";
import type { Listing, VisibilityState } from "../domain/listing";
import type { Offering } from "../domain/offering";

export type { KnownInstance, KnownInstanceRepository } from "@mp/known-instances";

export interface KnownItemRepository {
  /** Apply an item snapshot when its version is newer than the one held; resolves to whether it was. */
  remember(tx: Queryable, item: KnownItem & { version: number }): Promise<boolean>;
  get(id: string, db?: Queryable): Promise<KnownItem | undefined>;
  /** The item's row lock: serialises offering and listing writes of one item. */
  lock(tx: PoolClient, id: string): Promise<KnownItem | undefined>;
}

export interface OfferingRepository {
  insert(tx: PoolClient, offering: Offering): Promise<void>;
  /** Store `withdrawnAt` and the version of a withdrawal. */
  update(tx: PoolClient, offering: Offering): Promise<void>;
  active(db: Queryable, instanceId: string, itemId: string): Promise<Offering | undefined>;
  /** Every active offering of the item, in any instance, locked. */
  activeOfItem(tx: PoolClient, itemId: string): Promise<Offering[]>;
  /** Locked; another instance's offering is not found. */
  lock(tx: PoolClient, instanceId: string, id: string): Promise<Offering | undefined>;
  list(instanceId: string, query: PageQuery<"createdAt">): Promise<Paged<Offering>>;
}

export type ListingOrder = "createdAt" | "displayName" | "price" | "purchaseCount";
export type HistoryOrder = "createdAt" | "supersededAt";

export interface ListListingsQuery extends PageQuery<ListingOrder> {
  disabled?: boolean;
  marketplaceInstanceId?: string;
  type?: ItemType;
  search?: string;
}

/** A current listing with what its summary shows of the item. */
export interface ListingWithItem {
  listing: Listing;
  displayName: string;
  type: ItemType;
  iconAssetId: string | null;
}

export interface ListingRepository {
  insert(
    tx: PoolClient,
    listing: Listing,
    visibility: VisibilityState,
    creation?: RequestCreation,
  ): Promise<void>;
  /**
   * The provider's listing created under request id `key`, with its digest, after taking the key's
   * advisory lock in `tx`, so a repeat waits for the first creation to commit.
   */
  lockCreation(
    tx: PoolClient,
    providerOrganisationId: string,
    key: string,
  ): Promise<{ listing: Listing; digest: string | null } | undefined>;
  /** Store the listing's disabled flag, supersededAt, visibility and version. */
  update(tx: PoolClient, listing: Listing): Promise<void>;
  appendVisibility(tx: PoolClient, listingId: string, state: VisibilityState): Promise<void>;
  /** The provider's current listing of the item in the instance; read in `tx` and locked when given. */
  current(
    key: { providerOrganisationId: string; itemId: string; instanceId: string },
    tx?: PoolClient,
  ): Promise<Listing | undefined>;
  /** One of the provider's listings, locked; another organisation's is not found. */
  lock(tx: PoolClient, providerOrganisationId: string, id: string): Promise<Listing | undefined>;
  find(providerOrganisationId: string, id: string): Promise<Listing | undefined>;
  /** The enabled listings of an offering, locked. */
  enabledOfOffering(tx: PoolClient, offeringId: string): Promise<Listing[]>;
  list(providerOrganisationId: string, query: ListListingsQuery): Promise<Paged<ListingWithItem>>;
  history(
    key: { providerOrganisationId: string; itemId: string; instanceId: string },
    query: PageQuery<HistoryOrder>,
  ): Promise<Paged<Listing>>;
  visibility(listingId: string, query: PageQuery<"setAt">): Promise<Paged<VisibilityState>>;
}

/** Fresh presigned icon urls, by asset id; unknown ids are left out. One call per use. */
export interface IconUrlsPort {
  urls(assetIds: string[], ctx: CallContext): Promise<Map<string, string>>;
}

/** Runs work in one database transaction and appends events to the outbox inside it. */
export interface UnitOfWork {
  run<T>(work: (tx: PoolClient, emit: Emit) => Promise<T>): Promise<T>;
}

export type Emit = (event: EventEnvelope) => Promise<void>;

export interface Clock {
  now(): Date;
}

export interface IdGenerator {
  next(): string;
}

import type { EventEnvelope } from "@mp/bus";
import type { Principal } from "@mp/contracts";
import type { Paged, PoolClient, Queryable } from "@mp/db";
import type { ItemRelease, ReleaseBoard, SelectedIotRelease } from "../domain/item-release";

export type ItemReleaseOrder = "createdAt" | "version";

export interface ListItemReleasesQuery {
  page: number;
  pageSize: number;
  orderBy: ItemReleaseOrder;
  direction: "asc" | "desc";
}

/** A copy request the iot-adapter has not accepted yet, claimed by one retry pass. */
export interface PendingCopy {
  release: ItemRelease;
  attempts: number;
}

/** Storage of item releases. Writes take the transaction's client so their outbox rows commit with them. */
export interface ItemReleaseRepository {
  /** Throws `ConflictError("invalid-state")` when the item already has this IoT release. */
  insert(tx: PoolClient, release: ItemRelease): Promise<void>;
  /** Locks the row for the rest of the transaction (event handlers). */
  getForUpdate(tx: Queryable, id: string): Promise<ItemRelease | undefined>;
  /** Store a status change and bump the aggregate version; resolves to the new version for its event. */
  update(tx: Queryable, release: ItemRelease): Promise<number>;
  listForItem(itemId: string, query: ListItemReleasesQuery): Promise<Paged<ItemRelease>>;
  /** The iot-adapter accepted the copy request; the retry loop leaves the row alone from now on. */
  markCopyRequested(id: string): Promise<void>;
  /**
   * Claims up to `limit` copies not yet accepted whose next attempt is due, pushing their next attempt
   * `leaseMs` ahead so a concurrent pass (another process) does not take them too.
   */
  claimDueCopies(limit: number, leaseMs: number): Promise<PendingCopy[]>;
  scheduleCopyRetry(id: string, attempts: number, at: Date): Promise<void>;
}

/** What item releases need of an item (the items table belongs to the items part of this service). */
export interface ReleaseItem {
  id: string;
  organisationId: string;
  marketplaceInstanceId: string;
  infuseIotApplicationId: number;
  status: "draft" | "published" | "unpublished" | "retired";
}

export interface ReleaseItemReader {
  /** The item when it belongs to the organisation; another organisation's item reads as absent. */
  findOwned(organisationId: string, itemId: string): Promise<ReleaseItem | undefined>;
  /** The item's status, share-locked until the transaction ends (a concurrent retire waits). */
  lockStatus(tx: Queryable, itemId: string): Promise<ReleaseItem["status"] | undefined>;
  get(itemId: string): Promise<ReleaseItem | undefined>;
  /** Items of the organisation in the instance for these applications, by application id. */
  linksFor(
    organisationId: string,
    marketplaceInstanceId: string,
    applicationIds: number[],
  ): Promise<Map<number, { id: string; status: ReleaseItem["status"] }>>;
}

export interface IotApplicationInfo {
  applicationId: number;
  name: string;
  description: string;
  createdAt: string;
}

export interface IotReleaseInfo extends SelectedIotRelease {
  board: ReleaseBoard;
  createdAt: string;
}

export interface LimitOffset {
  limit: number;
  offset: number;
}

/**
 * Who a call to the iot-adapter acts for, with the request's id and cancellation: the user being served
 * (the principal of the incoming call, whose assertion is forwarded), or, with no principal, publishing
 * itself acting for `organisationId` (the copy retry loop).
 */
export interface AdapterCallContext {
  principal?: Principal;
  organisationId?: string;
  requestId: string;
  signal?: AbortSignal;
}

/** The iot-adapter, the only way to the IoT platform. Errors arrive as AppErrors with contract codes. */
export interface IotAdapterPort {
  listApplications(
    page: LimitOffset,
    ctx: AdapterCallContext,
  ): Promise<{ items: IotApplicationInfo[]; hasMore: boolean }>;
  listReleases(
    applicationId: number,
    page: LimitOffset,
    ctx: AdapterCallContext,
  ): Promise<{ items: IotReleaseInfo[]; hasMore: boolean }>;
  getRelease(applicationId: number, releaseId: string, ctx: AdapterCallContext): Promise<IotReleaseInfo>;
  /**
   * Idempotent per item release. The adapter chooses where the binary goes (under the caller's
   * organisation) and reports the key with the stored outcome.
   */
  copyReleaseBinary(
    request: { applicationId: number; releaseId: string; itemReleaseId: string },
    ctx: AdapterCallContext,
  ): Promise<void>;
}

/** Runs work in one database transaction and appends events to the outbox inside it. */
export interface ReleaseUnitOfWork {
  run<T>(work: (tx: PoolClient, emit: (event: EventEnvelope) => Promise<void>) => Promise<T>): Promise<T>;
}

export interface ReleaseClock {
  now(): Date;
}

export interface ReleaseIds {
  next(): string;
}

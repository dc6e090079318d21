import type { EventEnvelope } from "@mp/bus";
import type { PaymentUpdatedV1 } from "@mp/contracts";
import type { Paged, PageQuery, PoolClient, Queryable } from "@mp/db";
import type { ReleaseStatus } from "../domain/download-access";
import type { Purchase, PurchaseChange, PurchaseStatus } from "../domain/purchase";

/** What purchases keeps of a listing: enough to attribute a payment to an item, instance and provider. */
export interface KnownListing {
  id: string;
  marketplaceItemId: string;
  marketplaceInstanceId: string;
  providerOrganisationId: string;
  price: { amount: number; currency: string };
  disabled: boolean;
}

export interface KnownListingRepository {
  /** Insert, or update when `version` is newer than the one held. */
  remember(tx: Queryable, listing: KnownListing & { version: number }): Promise<boolean>;
  get(db: Queryable, id: string): Promise<KnownListing | undefined>;
}

export interface KnownItemRepository {
  /** Insert, or update when `version` is newer than the one held. */
  remember(
    tx: Queryable,
    item: { id: string; displayName: string | null; version: number },
  ): Promise<boolean>;
  displayName(db: Queryable, id: string): Promise<string | null | undefined>;
}

/** What purchases keeps of an item release: enough to decide and presign a download. */
export interface KnownRelease {
  id: string;
  marketplaceItemId: string;
  releaseVersion: string;
  boardId: string;
  sizeBytes: number;
  status: ReleaseStatus;
  /** Set once the release is available. */
  sha256: string | null;
  objectKey: string | null;
}

export interface KnownReleaseRepository {
  /** Insert, or update when `version` is newer than the one held. */
  remember(tx: Queryable, release: KnownRelease & { version: number }): Promise<boolean>;
  /** The item's releases of one version string, every board. */
  ofVersion(db: Queryable, marketplaceItemId: string, releaseVersion: string): Promise<KnownRelease[]>;
}

/** Presigns a GET of an object in the bucket. */
export interface ObjectUrlSigner {
  presignGet(objectKey: string): Promise<string>;
}

export interface PurchaseRepository {
  /** Inserts unless the payment intent already has a purchase; resolves to whether it inserted. */
  insertIfNew(tx: PoolClient, purchase: Purchase): Promise<boolean>;
  /** The payment intent's purchase, locked until the transaction ends. */
  lockByPaymentReference(tx: PoolClient, paymentReference: string): Promise<Purchase | undefined>;
  update(tx: PoolClient, purchase: Purchase): Promise<void>;
  appendHistory(tx: PoolClient, purchase: Purchase, change: PurchaseChange): Promise<void>;
  list(providerOrganisationId: string, query: PurchaseListQuery): Promise<Paged<Purchase>>;
  /** Statuses of the device's purchases of the item by the organisation's listings, in one mode. */
  statusesOf(query: {
    providerOrganisationId: string;
    deviceId: string;
    marketplaceItemId: string;
    livemode: boolean;
  }): Promise<PurchaseStatus[]>;
  activity(providerOrganisationId: string, query: ActivityQuery): Promise<ActivityEntry[]>;
}

export type PurchaseOrder = "purchasedAt" | "amount";

export interface PurchaseListQuery extends PageQuery<PurchaseOrder> {
  livemode: boolean;
  deviceId?: string;
}

export interface ActivityQuery {
  livemode: boolean;
  start?: Date;
  end?: Date;
  limit: number;
}

export interface ActivityEntry {
  kind: "purchase" | "refund" | "dispute" | "install";
  at: Date;
  marketplaceItemId: string;
  displayName: string;
  deviceId: string;
  amount: { amount: number; currency: string } | null;
}

export type UnmatchedReason =
  | "unknown-listing"
  | "unknown-item"
  | "missing-metadata"
  | "device-not-owned"
  | "no-purchase";

/** Who owns a device (lowercase organisation id) and its board, as the IoT platform says. */
export interface DeviceOwnership {
  organisationId: string;
  boardId: string;
}

/** Who owns a device, as the IoT platform says; null when it knows no such device. */
export interface DeviceOwnersPort {
  ownerOf(deviceId: string, requestId: string): Promise<DeviceOwnership | null>;
}

export interface UnmatchedPaymentRepository {
  /** Records (or counts again) an update that could not be matched; outside the handler's transaction. */
  record(update: PaymentUpdatedV1, reason: UnmatchedReason): Promise<void>;
  /** Marks the update matched, in the transaction that applied it. */
  resolve(tx: PoolClient, stripeEventId: string): Promise<void>;
}

/** Counts unmatched payment updates (a metric). */
export interface UnmatchedCounter {
  add(reason: UnmatchedReason): void;
}

export type Emit = (event: EventEnvelope) => Promise<void>;

export interface Clock {
  now(): Date;
}

export interface IdGenerator {
  next(): string;
}

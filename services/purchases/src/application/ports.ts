import type { EventEnvelope } from "@mp/bus";
import type { PaymentUpdatedV1 } from "@mp/contracts";
import type { Paged, PageQuery, PoolClient, Queryable } from "@mp/db";
import type { CallContext } from "@mp/grpc";
import type { ReleaseStatus } from "../domain/download-access";
import type { InstallStatus } from "../domain/install";
import type { HeldReason, Purchase, PurchaseChange, PurchaseStatus } from "../domain/purchase";

/** What purchases keeps of a listing: enough to attribute a payment to an item, instance and provider. */
export interface KnownListing {
  id: string;
  marketplaceItemId: string;
  marketplaceInstanceId: string;
  providerOrganisationId: string;
  price: { amount: number; currency: string };
  disabled: boolean;
}

/** A listing with its item's display name: `item` is undefined while the item is not known. */
export interface PayableListing extends KnownListing {
  item: { displayName: string | null } | undefined;
}

export interface KnownListingRepository {
  /** Insert, or update when `version` is newer than the one held. */
  remember(tx: Queryable, listing: KnownListing & { version: number }): Promise<boolean>;
  /**
   * The organisation's enabled (current) listing of an item in an instance, with its item; undefined
   * when it has none.
   */
  currentOf(
    db: Queryable,
    query: { marketplaceItemId: string; marketplaceInstanceId: string; providerOrganisationId: string },
  ): Promise<PayableListing | undefined>;
  /** The listings known of `ids`, each with its item (one query), keyed by id. */
  withItems(db: Queryable, ids: string[]): Promise<Map<string, PayableListing>>;
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
  /** The IoT platform's application and release ids (null on rows recorded before installs). */
  iotApplicationId: number | null;
  iotReleaseId: string | null;
  boardName: string | null;
  boardTarget: string | null;
  /** When the developer added the release; null until an added or snapshot event told it. */
  createdAt: Date | null;
}

export type ReleaseOrder = "createdAt" | "version";

export interface KnownReleaseRepository {
  /** Insert, or update when `version` is newer than the one held; `createdAt` is kept once known. */
  remember(tx: Queryable, release: KnownRelease & { version: number }): Promise<boolean>;
  /** The item's releases of one version string, every board. */
  ofVersion(db: Queryable, marketplaceItemId: string, releaseVersion: string): Promise<KnownRelease[]>;
  /** A page of the item's releases, every board. */
  ofItem(
    db: Queryable,
    marketplaceItemId: string,
    query: PageQuery<ReleaseOrder>,
  ): Promise<Paged<KnownRelease>>;
}

/** Presigns a GET of an object in the bucket. */
export interface ObjectUrlSigner {
  presignGet(objectKey: string): Promise<string>;
}

/**
 * What one transaction decided about the purchases of the payment updates it applied, written at once
 * (`PurchaseRepository.write`).
 */
export interface PurchaseWrites {
  /** Purchases the transaction made, as they stand at its end. */
  inserts: Purchase[];
  /** Purchases that existed before it and changed, as they stand at its end. */
  updates: Purchase[];
  /** The history rows, in the order of the changes; `purchase` as the change left it. */
  history: Array<{ purchase: Purchase; change: PurchaseChange }>;
}

export interface PurchaseRepository {
  /** The payment intents' purchases, keyed by payment reference, locked until the transaction ends. */
  lockByPaymentReferences(tx: Queryable, paymentReferences: string[]): Promise<Map<string, Purchase>>;
  /**
   * Writes a transaction's purchases and history in one statement; resolves to the ids of the purchases
   * it inserted: a purchase whose payment intent already has one (made by a concurrent transaction) is not
   * inserted, nor its history.
   */
  write(tx: Queryable, writes: PurchaseWrites): Promise<Set<string>>;
  list(providerOrganisationId: string, query: PurchaseListQuery): Promise<Paged<Purchase>>;
  /** Statuses of the device's purchases of the item by the organisation's listings, in one mode. */
  statusesOf(query: {
    providerOrganisationId: string;
    deviceId: string;
    marketplaceItemId: string;
    livemode: boolean;
  }): Promise<PurchaseStatus[]>;
  activity(providerOrganisationId: string, query: ActivityQuery): Promise<ActivityEntry[]>;
  /** Purchases per device of the organisation's listings, in one mode, for the given devices. */
  countsByDevice(
    providerOrganisationId: string,
    deviceIds: string[],
    livemode: boolean,
  ): Promise<Map<string, number>>;
  /** The device's purchases by the organisation's listings in one mode, newest first. */
  ofDevice(providerOrganisationId: string, deviceId: string, livemode: boolean): Promise<Purchase[]>;
  /** One purchase of the organisation's listings; undefined when none (or another organisation's). */
  byId(providerOrganisationId: string, id: string): Promise<Purchase | undefined>;
  /** The device's purchases of one item, newest first. */
  ofDeviceItem(query: {
    providerOrganisationId: string;
    deviceId: string;
    marketplaceItemId: string;
    livemode: boolean;
  }): Promise<Purchase[]>;
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
  /** Why the entry's purchase is held (its payment did not match the listing's price); null otherwise. */
  heldReason: HeldReason | null;
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

/**
 * Who owns a device, as the IoT platform says; null when it knows no such device. An implementation may
 * answer from a short-lived memory of earlier answers; `fresh` asks the platform whatever it remembers.
 */
export interface DeviceOwnersPort {
  ownerOf(
    deviceId: string,
    requestId: string,
    options?: { fresh?: boolean },
  ): Promise<DeviceOwnership | null>;
}

export interface UnmatchedPaymentRepository {
  /** Records (or counts again) an update that could not be matched; outside the handler's transaction. */
  record(update: PaymentUpdatedV1, reason: UnmatchedReason): Promise<void>;
  /** Marks the updates matched, in the transaction that applied them. */
  resolve(tx: Queryable, stripeEventIds: string[]): Promise<void>;
}

/** Counts unmatched payment updates (a metric). */
export interface UnmatchedCounter {
  add(reason: UnmatchedReason): void;
}

/** Counts purchases made held because their payment did not match the listing's price (a metric). */
export interface HeldPaymentCounter {
  add(reason: HeldReason): void;
}

/** Appends events to the outbox in order, each with the trace context (propagation fields) given for it. */
export type Emit = (
  events: readonly EventEnvelope[],
  traceContexts: ReadonlyArray<Record<string, string>>,
) => Promise<void>;

export interface Clock {
  now(): Date;
}

export interface IdGenerator {
  next(): string;
}

/** A device of the caller's organisation as the IoT platform reports it (through the iot-adapter). */
export interface ProviderDevice {
  deviceId: string;
  board: { id: string; name: string };
  metadata: Record<string, string>;
  lastSeenAt: string | null;
  application: { applicationId: number; version: string } | null;
  lastRoute: string | null;
}

/**
 * The caller's devices and their application updates, from the iot-adapter, acting for the user of `ctx`
 * (its principal is forwarded): another organisation's device is not-found there.
 */
export interface IotDevicesPort {
  list(
    window: { limit: number; offset: number },
    ctx: CallContext,
  ): Promise<{ items: ProviderDevice[]; hasMore: boolean }>;
  get(deviceId: string, ctx: CallContext): Promise<ProviderDevice>;
  /** Idempotent per install id. */
  queueInstall(
    request: { installId: string; deviceId: string; releaseId: string },
    ctx: CallContext,
  ): Promise<{ rpcId: string; status: InstallStatus; queuedAt: Date }>;
}

export interface Install {
  id: string;
  providerOrganisationId: string;
  purchaseId: string;
  livemode: boolean;
  deviceId: string;
  marketplaceItemId: string;
  displayName: string;
  version: string;
  releaseId: string;
  /** Null until the iot-adapter queued the platform update. */
  rpcId: string | null;
  status: InstallStatus;
  detail: string | null;
  attemptCount: number;
  statusVersion: number;
  queuedAt: Date;
  updatedAt: Date;
}

export interface InstallStep {
  status: InstallStatus;
  at: Date;
}

export interface InstallRepository {
  /** Inserts unless an install of the same device, item and version is in flight; then returns that one. */
  insertOrInFlight(install: Install): Promise<Install>;
  /** Records what the adapter answered (rpc id; the status unless an event got there first) and step 1. */
  queued(
    installId: string,
    queued: { rpcId: string; status: InstallStatus; queuedAt: Date },
  ): Promise<Install>;
  /** An install whose update the platform refused: failed with `detail`, leaving the in-flight set. */
  refused(installId: string, detail: string): Promise<void>;
  /** Applies a status change when `version` is above the one held; the history step is kept either way. */
  applyStatus(
    tx: PoolClient,
    change: {
      installId: string;
      rpcId: string;
      status: InstallStatus;
      detail: string | null;
      attemptCount: number;
      at: Date;
      version: number;
    },
  ): Promise<"applied" | "stale" | "unknown">;
  byRpcId(
    providerOrganisationId: string,
    rpcId: string,
  ): Promise<(Install & { history: InstallStep[] }) | undefined>;
  recentOfDevice(providerOrganisationId: string, deviceId: string, limit: number): Promise<Install[]>;
}

/** A checkout session settlements created at Stripe for purchases. */
export interface CreatedCheckoutSession {
  id: string;
  url: string;
  /** Epoch seconds. */
  expiresAt: number;
  amount: { amount: number; currency: string };
}

/** A refund Stripe accepted; the purchase changes when its notification arrives. */
export interface CreatedRefund {
  id: string;
  status: string;
  amount: { amount: number; currency: string };
}

export type RefundReason = "duplicate" | "fraudulent" | "requested_by_customer";

/**
 * Stripe's API, reached through settlements (which holds the Stripe credentials); purchases calls as
 * itself. Stripe unreachable: `upstream-unavailable`; a refund Stripe refuses for its amount:
 * `refund-exceeds-remaining`.
 */
export interface StripePaymentsPort {
  createCheckoutSession(
    session: {
      lineItem: { unitAmount: number; currency: string; name: string };
      metadata: Record<string, string>;
      successUrl: string;
      cancelUrl: string;
      customerEmail: string | undefined;
      expiresAt: number;
      idempotencyKey: string;
    },
    requestId: string,
  ): Promise<CreatedCheckoutSession>;
  createRefund(
    refund: {
      paymentIntentId: string;
      amount: number;
      reason: RefundReason | undefined;
      idempotencyKey: string;
    },
    requestId: string,
  ): Promise<CreatedRefund>;
}

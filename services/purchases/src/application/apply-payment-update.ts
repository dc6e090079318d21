import { captureTraceContext, type EventEnvelope, type HandlerTransaction } from "@mp/bus";
import type { PaymentUpdatedV1 } from "@mp/contracts";
import type { Queryable } from "@mp/db";
import type { Logger } from "@mp/logger";
import { applyUpdate, newPurchase, type Purchase, type Transition } from "../domain/purchase";
import { purchaseEvent } from "./events";
import type {
  Clock,
  DeviceOwnersPort,
  Emit,
  HeldPaymentCounter,
  IdGenerator,
  KnownListingRepository,
  PayableListing,
  PurchaseRepository,
  PurchaseWrites,
  UnmatchedCounter,
  UnmatchedPaymentRepository,
  UnmatchedReason,
} from "./ports";

/** A payment update that cannot be applied yet; thrown so the bus redelivers it with backoff. */
export class UnmatchedPaymentError extends Error {
  constructor(readonly reason: UnmatchedReason) {
    super(`payment update unmatched: ${reason}`);
    this.name = "UnmatchedPaymentError";
  }
}

export interface ApplyPaymentDeps {
  listings: KnownListingRepository;
  devices: DeviceOwnersPort;
  purchases: PurchaseRepository;
  unmatched: UnmatchedPaymentRepository;
  unmatchedCounter: UnmatchedCounter;
  /** Counts the purchases made `held` (their payment did not match the listing's price). */
  heldCounter: HeldPaymentCounter;
  logger: Logger;
  clock: Clock;
  ids: IdGenerator;
  /** Appends a transaction's events to the outbox, each with the trace context it was made in. */
  emitIn: (tx: Queryable) => Emit;
}

/**
 * Raised when a purchase made in a transaction of several updates was made first by a concurrent one
 * (another instance of the service): the later updates of the batch were decided on the purchase this one
 * would have made, so the batch is rolled back and its updates applied one by one.
 */
export class ConcurrentPurchaseError extends Error {
  override readonly name = "ConcurrentPurchaseError";
}

/** A payment update handed to the transaction, with what was captured where its handler ran. */
interface Queued {
  event: EventEnvelope<PaymentUpdatedV1>;
  /** The time its purchase event is stamped with. */
  now: Date;
  /** The trace context (the consumer span of its delivery) its purchase event carries. */
  trace: Record<string, string>;
}

/** A purchase as the transaction sees it: as locked in the database, or made by one of its updates. */
interface Held {
  purchase: Purchase;
  /** Made by this transaction (to insert), not read from the database. */
  fresh: boolean;
  /** Read from the database and changed since (to update). */
  dirty: boolean;
}

/** What the transaction's updates read at once: their purchases (locked) and their listings with items. */
interface Read {
  held: Map<string, Held>;
  listings: Map<string, PayableListing>;
}

/** The purchase a paid update makes, or why it cannot be made yet. */
async function purchaseFor(deps: ApplyPaymentDeps, read: Read, update: PaymentUpdatedV1, eventId: string) {
  if (update.kind !== "paid") throw new UnmatchedPaymentError("no-purchase");
  if (!update.listingId || !update.deviceId) throw new UnmatchedPaymentError("missing-metadata");
  const listing = read.listings.get(update.listingId);
  if (!listing) throw new UnmatchedPaymentError("unknown-listing");
  if (listing.item === undefined) throw new UnmatchedPaymentError("unknown-item");
  const owner = await deps.devices.ownerOf(update.deviceId, eventId);
  if (owner?.organisationId !== listing.providerOrganisationId.toLowerCase())
    throw new UnmatchedPaymentError("device-not-owned");
  return newPurchase(
    {
      id: deps.ids.next(),
      marketplaceItemId: listing.marketplaceItemId,
      displayName: listing.item.displayName ?? "",
      listingId: listing.id,
      marketplaceInstanceId: listing.marketplaceInstanceId,
      providerOrganisationId: listing.providerOrganisationId,
      deviceId: update.deviceId,
      amount: update.amount,
      livemode: update.livemode,
      purchasedAt: new Date(update.occurredAt),
      paymentReference: update.paymentIntentId,
    },
    listing.price,
  );
}

/** Creates the payment intent's purchase, or applies the update to the one it has. */
async function transitionOf(
  deps: ApplyPaymentDeps,
  read: Read,
  update: PaymentUpdatedV1,
  eventId: string,
): Promise<Transition> {
  const existing = read.held.get(update.paymentIntentId);
  if (existing) {
    const transition = applyUpdate(existing.purchase, update);
    if (transition) {
      existing.purchase = transition.purchase;
      existing.dirty = !existing.fresh;
    }
    return transition;
  }
  const purchase = await purchaseFor(deps, read, update, eventId);
  read.held.set(update.paymentIntentId, { purchase, fresh: true, dirty: false });
  const change = {
    kind: "purchase" as const,
    amount: purchase.amount,
    stripeEventId: update.stripeEventId,
    at: purchase.purchasedAt,
  };
  return { purchase, change };
}

const unique = (values: Iterable<string>) => [...new Set(values)];

/**
 * Handler of settlements.payment.updated.v1, keyed on the payment intent: a `paid` update makes the
 * intent's one purchase (a repeated or second `paid` changes nothing), refunds and disputes move its
 * status. A payment whose amount or currency is not its listing's price makes a `held` purchase (never
 * usable; counted in `purchases.held_payments` and logged). Each change is appended to the history and announced through the outbox in the inbox
 * transaction, which may hold several updates applied one after another in delivery order (the consumer's
 * batches), so an intent's later update sees what its earlier ones made of it. An update that cannot be
 * matched (unknown listing or item, a device the listing's provider does not own, or a refund or dispute
 * of a purchase not made yet) throws, so the bus rolls back and redelivers it with backoff and
 * dead-letters it after the last delivery; `unmatched` records it.
 *
 * The updates of one transaction are applied together just before it commits (the bus's `beforeCommit`):
 * their purchases are read and locked in one query and their listings (with items) in another, each
 * update is applied in order to what the earlier ones left, and what they decided is written with one
 * statement for the purchases and history, one for the outbox events (each with the time and trace
 * context of its own handler call) and one marking their unmatched rows resolved: the same rows as one
 * transaction per update, in a few statements per batch instead of about seven per update.
 */
export function makeApplyPaymentUpdate(deps: ApplyPaymentDeps) {
  const queuedOf = new WeakMap<HandlerTransaction, Queued[]>();

  /** A purchase made held: counted and logged (warn), for a human to settle with the buyer. */
  const recordHeld = (purchase: Purchase, reason: NonNullable<Purchase["heldReason"]>) => {
    deps.heldCounter.add(reason);
    deps.logger.warn(
      {
        purchaseId: purchase.id,
        paymentIntentId: purchase.paymentReference,
        listingId: purchase.listingId,
        paid: purchase.amount,
        reason,
      },
      "payment does not match the listing's price; purchase held",
    );
  };

  const applyAll = async (tx: Queryable, queued: Queued[]): Promise<void> => {
    const updates = queued.map((q) => q.event.data);
    const payable = updates.filter((u) => u.kind === "paid" && u.listingId && u.deviceId);
    const purchases = await deps.purchases.lockByPaymentReferences(
      tx,
      unique(updates.map((u) => u.paymentIntentId)),
    );
    const listings = await deps.listings.withItems(tx, unique(payable.map((u) => u.listingId as string)));
    const held = new Map<string, Held>();
    for (const [reference, purchase] of purchases)
      held.set(reference, { purchase, fresh: false, dirty: false });
    const read: Read = { held, listings };
    const history: PurchaseWrites["history"] = [];
    const events: Array<{ event: EventEnvelope; trace: Record<string, string>; purchaseId: string }> = [];
    for (const { event, now, trace } of queued) {
      const transition = await transitionOf(deps, read, event.data, event.id);
      if (!transition) continue;
      history.push(transition);
      events.push({
        event: purchaseEvent(transition.purchase, transition.change, now),
        trace,
        purchaseId: transition.purchase.id,
      });
    }
    const all = [...held.values()];
    const inserts = all.filter((h) => h.fresh).map((h) => h.purchase);
    const inserted = await deps.purchases.write(tx, {
      inserts,
      updates: all.filter((h) => h.dirty).map((h) => h.purchase),
      history,
    });
    const lost = new Set(inserts.filter((p) => !inserted.has(p.id)).map((p) => p.id));
    if (lost.size > 0 && queued.length > 1)
      throw new ConcurrentPurchaseError("a purchase of the batch was made by a concurrent transaction");
    for (const purchase of inserts)
      if (purchase.heldReason !== null && inserted.has(purchase.id))
        recordHeld(purchase, purchase.heldReason);
    // Alone, an update whose purchase a concurrent transaction made changes nothing (that one announced it).
    const announced = events.filter((e) => !lost.has(e.purchaseId));
    if (announced.length > 0)
      await deps.emitIn(tx)(
        announced.map((e) => e.event),
        announced.map((e) => e.trace),
      );
    await deps.unmatched.resolve(
      tx,
      updates.map((u) => u.stripeEventId),
    );
  };

  const handle = async (
    event: EventEnvelope<PaymentUpdatedV1>,
    tx: Queryable,
    transaction?: HandlerTransaction,
  ): Promise<void> => {
    const queued: Queued = { event, now: deps.clock.now(), trace: captureTraceContext() };
    if (!transaction) return applyAll(tx, [queued]);
    let pending = queuedOf.get(transaction);
    if (!pending) {
      const mine: Queued[] = [];
      queuedOf.set(transaction, mine);
      transaction.beforeCommit(() => applyAll(tx, mine));
      pending = mine;
    }
    pending.push(queued);
  };
  /**
   * The bus's failure report (after the rollback, once per failed delivery, also when the update failed
   * in a batch and was then applied alone): an unmatched update is recorded in `unmatched_payments`,
   * counted and logged at warn; other failures are the bus's to log.
   */
  const unmatched = async (event: EventEnvelope<PaymentUpdatedV1>, error: unknown): Promise<void> => {
    if (!(error instanceof UnmatchedPaymentError)) return;
    const { stripeEventId, paymentIntentId, kind, listingId } = event.data;
    deps.unmatchedCounter.add(error.reason);
    deps.logger.warn(
      { eventId: event.id, stripeEventId, paymentIntentId, kind, listingId, reason: error.reason },
      "payment update unmatched; the bus retries it",
    );
    await deps.unmatched.record(event.data, error.reason);
  };
  return { handle, unmatched };
}

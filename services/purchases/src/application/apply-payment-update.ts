import type { EventEnvelope } from "@mp/bus";
import type { PaymentUpdatedV1 } from "@mp/contracts";
import type { PoolClient } from "@mp/db";
import type { Logger } from "@mp/logger";
import { applyUpdate, newPurchase, type Transition } from "../domain/purchase";
import { purchaseEvent } from "./events";
import type {
  Clock,
  DeviceOwnersPort,
  Emit,
  IdGenerator,
  KnownItemRepository,
  KnownListingRepository,
  PurchaseRepository,
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
  items: KnownItemRepository;
  devices: DeviceOwnersPort;
  purchases: PurchaseRepository;
  unmatched: UnmatchedPaymentRepository;
  unmatchedCounter: UnmatchedCounter;
  logger: Logger;
  clock: Clock;
  ids: IdGenerator;
  emitIn: (tx: PoolClient) => Emit;
}

/** The purchase a paid update makes, or why it cannot be made yet. */
async function purchaseFor(
  deps: ApplyPaymentDeps,
  tx: PoolClient,
  update: PaymentUpdatedV1,
  eventId: string,
) {
  if (update.kind !== "paid") throw new UnmatchedPaymentError("no-purchase");
  if (!update.listingId || !update.deviceId) throw new UnmatchedPaymentError("missing-metadata");
  const listing = await deps.listings.get(tx, update.listingId);
  if (!listing) throw new UnmatchedPaymentError("unknown-listing");
  const displayName = await deps.items.displayName(tx, listing.marketplaceItemId);
  if (displayName === undefined) throw new UnmatchedPaymentError("unknown-item");
  const owner = await deps.devices.ownerOf(update.deviceId, eventId);
  if (owner?.organisationId !== listing.providerOrganisationId.toLowerCase())
    throw new UnmatchedPaymentError("device-not-owned");
  return newPurchase({
    id: deps.ids.next(),
    marketplaceItemId: listing.marketplaceItemId,
    displayName: displayName ?? "",
    listingId: listing.id,
    marketplaceInstanceId: listing.marketplaceInstanceId,
    providerOrganisationId: listing.providerOrganisationId,
    deviceId: update.deviceId,
    amount: update.amount,
    livemode: update.livemode,
    purchasedAt: new Date(update.occurredAt),
    paymentReference: update.paymentIntentId,
  });
}

/** Creates the payment intent's purchase, or applies the update to the one it has. */
async function transitionOf(
  deps: ApplyPaymentDeps,
  tx: PoolClient,
  update: PaymentUpdatedV1,
  eventId: string,
): Promise<Transition> {
  const existing = await deps.purchases.lockByPaymentReference(tx, update.paymentIntentId);
  if (existing) return applyUpdate(existing, update);
  const purchase = await purchaseFor(deps, tx, update, eventId);
  if (!(await deps.purchases.insertIfNew(tx, purchase))) return null; // a concurrent paid update made it
  const change = {
    kind: "purchase" as const,
    amount: purchase.amount,
    stripeEventId: update.stripeEventId,
    at: purchase.purchasedAt,
  };
  return { purchase, change };
}

/**
 * Handler of settlements.payment.updated.v1, keyed on the payment intent: a `paid` update makes the
 * intent's one purchase (a repeated or second `paid` changes nothing), refunds and disputes move its
 * status. Each change is appended to the history and announced through the outbox in the inbox
 * transaction, which may hold several updates applied one after another in delivery order (the consumer's
 * batches), so an intent's later update sees what its earlier ones wrote. An update that cannot be matched
 * (unknown listing or item, a device the listing's provider does not own, or a refund or dispute of a
 * purchase not made yet) throws, so the bus rolls back and redelivers it with backoff and dead-letters it
 * after the last delivery; `unmatched` records it.
 */
export function makeApplyPaymentUpdate(deps: ApplyPaymentDeps) {
  const handle = async (event: EventEnvelope<PaymentUpdatedV1>, tx: PoolClient): Promise<void> => {
    const update = event.data;
    const transition = await transitionOf(deps, tx, update, event.id);
    if (transition) {
      const { purchase, change } = transition;
      if (change.kind !== "purchase") await deps.purchases.update(tx, purchase);
      await deps.purchases.appendHistory(tx, purchase, change);
      await deps.emitIn(tx)(purchaseEvent(purchase, change, deps.clock.now()));
    }
    await deps.unmatched.resolve(tx, update.stripeEventId);
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

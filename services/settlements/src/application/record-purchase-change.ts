import type { EventEnvelope, HandlerTransaction } from "@mp/bus";
import type { PurchaseSnapshotV1 } from "@mp/contracts";
import type { Queryable } from "@mp/db";
import type { Logger } from "@mp/logger";
import { bookReversal, bookSale, entryStatementKeys } from "../domain/booking";
import type { Shares } from "../domain/ledger";
import type { MovementKind, PurchaseParties } from "../domain/movement";
import type { LedgerProjections, LedgerRepository } from "./ledger.ports";
import { type LedgerBatch, makeLedgerBatches } from "./ledger-batch";
import type { StatementRepository } from "./statements.ports";

/**
 * Thrown when an event cannot be applied yet (its item, price or instance has not arrived, or an earlier
 * event of the purchase is still on its way): the bus hands it back and retries after its backoff, and
 * dead-letters it once the retries run out. Never a made-up price.
 */
export class NotReadyError extends Error {
  override readonly name = "NotReadyError";
}

export interface LedgerWriterDeps {
  ledger: LedgerRepository;
  projections: LedgerProjections;
  statements: StatementRepository;
  /** Records a dead letter in the handler's transaction (an event that can never apply). */
  deadLetter: (tx: Queryable, event: EventEnvelope, reason: string) => Promise<void>;
  ids: { next(): string };
  clock: { now(): Date };
  logger: Logger;
}

/**
 * Handler of every purchases.purchase.*.v1 event, run in the inbox transaction: applies each purchase's
 * events in version order (an older or repeated version is a no-op, a gap waits for the missing one), and
 * writes the movement the change books (see `bookSale`, `bookReversal`) with its three entries, the
 * developer's and the provider's each in its statement. The events of one transaction are written
 * together just before it commits (see `makeLedgerBatches`), with what one transaction per event would
 * have written.
 */
export function makeRecordPurchaseChange(deps: LedgerWriterDeps) {
  const log = deps.logger.child({ component: "ledger-writer" });
  const batches = makeLedgerBatches(deps.ledger);

  /** Places the movement's entries and adds it to the transaction's batch. */
  const write = async (
    tx: Queryable,
    batch: LedgerBatch,
    event: EventEnvelope<PurchaseSnapshotV1>,
    parties: PurchaseParties,
    kind: MovementKind,
    shares: Shares,
    occurredAt: Date,
  ) => {
    const context = { now: deps.clock.now(), newId: () => deps.ids.next() };
    const { developer, provider } = await deps.statements.placeBoth(
      tx,
      entryStatementKeys(parties),
      occurredAt,
      kind,
      context,
      { lockHeld: batch.holdsLock(parties.livemode), memo: batch.placements },
    );
    batch.lockTaken(parties.livemode);
    batch.add({
      movement: { ...parties, id: deps.ids.next(), sourceEventId: event.id, kind, shares, occurredAt },
      entries: {
        platformId: deps.ids.next(),
        developer: { ...developer, id: deps.ids.next() },
        provider: { ...provider, id: deps.ids.next() },
      },
    });
  };

  /** True when the sale is written; false when it was rejected (dead-lettered). */
  const recordSale = async (
    tx: Queryable,
    batch: LedgerBatch,
    event: EventEnvelope<PurchaseSnapshotV1>,
  ): Promise<boolean> => {
    const p = event.data;
    const inputs = await deps.projections.saleInputs(
      tx,
      p.marketplaceItemId,
      p.marketplaceInstanceId,
      new Date(p.purchasedAt),
    );
    const sale = bookSale(p, inputs);
    if (sale.outcome === "not-ready") throw new NotReadyError(sale.reason);
    if (sale.outcome === "rejected") {
      // No entries, and the purchase's later events not booked either.
      log.error(
        { purchaseId: p.id, eventId: event.id, ...(sale.shares && { shares: sale.shares }) },
        `sale not recorded: ${sale.reason}`,
      );
      await deps.deadLetter(tx, event, sale.reason);
      return false;
    }
    await write(tx, batch, event, sale.parties, "sale", sale.shares, sale.occurredAt);
    return true;
  };

  const recordReversal = async (
    tx: Queryable,
    batch: LedgerBatch,
    event: EventEnvelope<PurchaseSnapshotV1>,
  ) => {
    const p = event.data;
    const sold = await batch.leftOf(tx, p.id);
    if (!sold) throw new NotReadyError(`purchase ${p.id} has no recorded sale yet`);
    const reversal = bookReversal(p.change, sold);
    if (reversal.outcome === "none") return;
    if (reversal.outcome === "rejected") {
      log.error({ purchaseId: p.id, eventId: event.id }, `reversal not recorded: ${reversal.reason}`);
      await deps.deadLetter(tx, event, reversal.reason);
      return;
    }
    if (reversal.clamped)
      log.warn(
        { purchaseId: p.id, asked: p.change.amount.amount, reversed: reversal.amount },
        "refund larger than what is left of the sale; reversing what is left",
      );
    await write(tx, batch, event, sold.parties, reversal.kind, reversal.shares, reversal.occurredAt);
  };

  const apply = async (event: EventEnvelope<PurchaseSnapshotV1>, tx: Queryable, batch: LedgerBatch) => {
    const p = event.data;
    const cursor = await batch.cursorOf(tx, p.id, p.livemode);
    const applied = cursor?.version ?? 0;
    if (p.version <= applied) {
      log.debug({ purchaseId: p.id, version: p.version, applied }, "purchase event already applied");
      return;
    }
    if (p.version > applied + 1) {
      log.info({ purchaseId: p.id, version: p.version, applied }, "purchase event ahead of its predecessor");
      throw new NotReadyError(`purchase ${p.id} version ${p.version} arrived before version ${applied + 1}`);
    }
    if (cursor?.rejected) {
      await deps.deadLetter(tx, event, "the purchase's sale was not recorded (dead-lettered)");
      batch.setCursor(p.id, p.version, true);
      return;
    }
    if (p.heldReason) {
      // Held (its payment was not the listing's price): money came in but nothing was delivered, so no
      // event of it is a sale or a reversal; the cursor still moves so its events stay in order.
      log.info(
        { purchaseId: p.id, version: p.version, reason: p.heldReason },
        "held purchase: nothing booked",
      );
      batch.setCursor(p.id, p.version, false);
      return;
    }
    let rejected = false;
    if (p.change.kind === "purchase") {
      if (!(await batch.leftOf(tx, p.id))) rejected = !(await recordSale(tx, batch, event));
    } else {
      await recordReversal(tx, batch, event);
    }
    batch.setCursor(p.id, p.version, rejected);
  };

  return (
    event: EventEnvelope<PurchaseSnapshotV1>,
    tx: Queryable,
    transaction?: HandlerTransaction,
  ): Promise<void> => batches(tx, transaction, (batch) => apply(event, tx, batch));
}

import type { EventEnvelope, HandlerTransaction } from "@mp/bus";
import type { PurchaseSnapshotV1 } from "@mp/contracts";
import type { Queryable } from "@mp/db";
import type { Logger } from "@mp/logger";
import {
  addShares,
  effectOf,
  NegativeShareError,
  reversalShares,
  type Shares,
  saleShares,
  sumShares,
} from "../domain/ledger";
import type {
  LedgerRepository,
  MovementKind,
  MovementWrite,
  PurchaseParties,
} from "../infra/ledger.repository";
import type { LedgerProjections } from "../infra/ledger-projections.repository";
import type { PlacementMemo, StatementRepository } from "../infra/statements.repository";

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
 * What one transaction's events have decided and not written yet, written at once before it commits
 * (`LedgerRepository.write`): its movements in event order, and the purchases' cursors as they now stand.
 * Later events of the transaction read through it: a purchase's cursor here is the one they meet, and its
 * movements here count in what is left of its sale.
 */
interface Pending {
  movements: MovementWrite[];
  /** The cursor of each purchase this transaction has read or set; `dirty`: to be written. */
  cursors: Map<string, { version: number; rejected: boolean; dirty: boolean } | null>;
  /** Purchases with no sale in the database (read without a cursor, no sale recorded). */
  unsold: Set<string>;
  /** The modes whose placement lock this transaction holds. */
  locked: Set<boolean>;
  placements: PlacementMemo;
}

const newPending = (): Pending => ({
  movements: [],
  cursors: new Map(),
  unsold: new Set(),
  locked: new Set(),
  placements: new Map(),
});

const partiesOf = (m: PurchaseParties): PurchaseParties => ({
  purchaseId: m.purchaseId,
  marketplaceInstanceId: m.marketplaceInstanceId,
  marketplaceItemId: m.marketplaceItemId,
  displayName: m.displayName,
  deviceId: m.deviceId,
  providerOrganisationId: m.providerOrganisationId,
  developerOrganisationId: m.developerOrganisationId,
  currency: m.currency,
  livemode: m.livemode,
});

/**
 * Handler of every purchases.purchase.*.v1 event, run in the inbox transaction: applies each purchase's
 * events in version order (an older or repeated version is a no-op, a gap waits for the missing one), and
 * writes the movement the change makes (see `effectOf`) with its three entries, the developer's and the
 * provider's each in its statement. The events of one transaction (a batch) are written together just
 * before it commits (the bus's `beforeCommit`), with what one transaction per event would have written.
 */
export function makeRecordPurchaseChange(deps: LedgerWriterDeps) {
  const log = deps.logger.child({ component: "ledger-writer" });
  const pendingOf = new WeakMap<HandlerTransaction, Pending>();

  const flush = async (tx: Queryable, pending: Pending) => {
    const cursors = [...pending.cursors]
      .filter(([, c]) => c?.dirty)
      .map(([purchaseId, c]) => ({
        purchaseId,
        version: (c as { version: number }).version,
        rejected: (c as { rejected: boolean }).rejected,
      }));
    await deps.ledger.write(tx, pending.movements, cursors);
  };

  const setCursor = (pending: Pending, purchaseId: string, version: number, rejected: boolean) => {
    pending.cursors.set(purchaseId, { version, rejected, dirty: true });
  };

  /** The sale's parties and what is left of it: the database's movements and this transaction's. */
  const leftOf = async (
    tx: Queryable,
    pending: Pending,
    purchaseId: string,
  ): Promise<{ parties: PurchaseParties; left: Shares } | undefined> => {
    const stored = pending.unsold.has(purchaseId) ? undefined : await deps.ledger.leftOf(tx, purchaseId);
    const mine = pending.movements.filter((w) => w.movement.purchaseId === purchaseId).map((w) => w.movement);
    if (mine.length === 0) return stored;
    const sale = mine.find((m) => m.kind === "sale");
    const parties = stored?.parties ?? (sale && partiesOf(sale));
    if (!parties) return undefined;
    const left = mine.reduce(
      (sum, m) => addShares(sum, m.shares),
      stored?.left ?? { platformFee: 0, developerShare: 0, providerShare: 0 },
    );
    return { parties, left };
  };

  /** Places the movement's entries and adds it to the transaction's pending movements. */
  const write = async (
    tx: Queryable,
    pending: Pending,
    event: EventEnvelope<PurchaseSnapshotV1>,
    parties: PurchaseParties,
    kind: MovementKind,
    shares: Shares,
    occurredAt: Date,
  ) => {
    const context = { now: deps.clock.now(), newId: () => deps.ids.next() };
    const key = { currency: parties.currency, livemode: parties.livemode };
    const { developer, provider } = await deps.statements.placeBoth(
      tx,
      {
        developer: { ...key, organisationId: parties.developerOrganisationId, role: "developer" },
        provider: { ...key, organisationId: parties.providerOrganisationId, role: "provider" },
      },
      occurredAt,
      kind,
      context,
      { lockHeld: pending.locked.has(parties.livemode), memo: pending.placements },
    );
    pending.locked.add(parties.livemode);
    pending.movements.push({
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
    pending: Pending,
    event: EventEnvelope<PurchaseSnapshotV1>,
  ): Promise<boolean> => {
    const p = event.data;
    const purchasedAt = new Date(p.purchasedAt);
    const { item, basePrice, feeBps } = await deps.projections.saleInputs(
      tx,
      p.marketplaceItemId,
      p.marketplaceInstanceId,
      purchasedAt,
    );
    if (!item) throw new NotReadyError(`item ${p.marketplaceItemId} is not known yet`);
    if (!basePrice)
      throw new NotReadyError(
        `no base price of item ${p.marketplaceItemId} known in force at ${p.purchasedAt}`,
      );
    if (feeBps === undefined)
      throw new NotReadyError(`instance ${p.marketplaceInstanceId} is not known yet at ${p.purchasedAt}`);
    if (basePrice.currency !== p.amount.currency) {
      const reason = `base price currency ${basePrice.currency} differs from the sale's ${p.amount.currency}`;
      log.error({ purchaseId: p.id, eventId: event.id }, `sale not recorded: ${reason}`);
      await deps.deadLetter(tx, event, reason);
      return false;
    }
    let shares: Shares;
    try {
      shares = saleShares({ gross: p.amount.amount, basePrice: basePrice.amount, feeBps });
    } catch (error) {
      if (!(error instanceof NegativeShareError)) throw error;
      // Refused like a currency mismatch: no entries, the purchase's later events not booked either.
      log.error(
        { purchaseId: p.id, eventId: event.id, shares: error.shares },
        `sale not recorded: ${error.message}`,
      );
      await deps.deadLetter(tx, event, error.message);
      return false;
    }
    const parties: PurchaseParties = {
      purchaseId: p.id,
      marketplaceInstanceId: p.marketplaceInstanceId,
      marketplaceItemId: p.marketplaceItemId,
      displayName: p.displayName || item.displayName || "",
      deviceId: p.deviceId,
      providerOrganisationId: p.providerOrganisationId,
      developerOrganisationId: item.developerOrganisationId,
      currency: p.amount.currency,
      livemode: p.livemode,
    };
    await write(tx, pending, event, parties, "sale", shares, purchasedAt);
    return true;
  };

  const recordReversal = async (
    tx: Queryable,
    pending: Pending,
    event: EventEnvelope<PurchaseSnapshotV1>,
  ) => {
    const p = event.data;
    const sold = await leftOf(tx, pending, p.id);
    if (!sold) throw new NotReadyError(`purchase ${p.id} has no recorded sale yet`);
    const left = sumShares(sold.left);
    const effect = effectOf({ kind: p.change.kind, amount: p.change.amount.amount }, left);
    if (effect.kind === "none" || effect.kind === "sale") return;
    if (effect.kind === "refund" && p.change.amount.currency !== sold.parties.currency) {
      const reason = `refund currency ${p.change.amount.currency} differs from the sale's ${sold.parties.currency}`;
      log.error({ purchaseId: p.id, eventId: event.id }, `reversal not recorded: ${reason}`);
      await deps.deadLetter(tx, event, reason);
      return;
    }
    if (effect.clamped)
      log.warn(
        { purchaseId: p.id, asked: p.change.amount.amount, reversed: effect.amount },
        "refund larger than what is left of the sale; reversing what is left",
      );
    await write(
      tx,
      pending,
      event,
      sold.parties,
      effect.kind,
      reversalShares(sold.left, effect.amount),
      new Date(p.change.at),
    );
  };

  /** The purchase's cursor as this transaction sees it: its own, else the database's (row-locked). */
  const cursorOf = async (tx: Queryable, pending: Pending, p: PurchaseSnapshotV1) => {
    const known = pending.cursors.get(p.id);
    if (known !== undefined) return known ?? undefined;
    // Also takes the placement lock of the purchase's mode, for the statements its movements land in.
    const read = await deps.ledger.lockCursor(tx, p.id, p.livemode);
    pending.locked.add(p.livemode);
    if (read.version === undefined) {
      // Without a cursor there is no sale (both are written together) unless `sold` says otherwise.
      if (!read.sold) pending.unsold.add(p.id);
      pending.cursors.set(p.id, null);
      return undefined;
    }
    const cursor = { version: read.version, rejected: read.rejected, dirty: false };
    pending.cursors.set(p.id, cursor);
    return cursor;
  };

  const apply = async (event: EventEnvelope<PurchaseSnapshotV1>, tx: Queryable, pending: Pending) => {
    const p = event.data;
    const cursor = await cursorOf(tx, pending, p);
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
      setCursor(pending, p.id, p.version, true);
      return;
    }
    if (p.heldReason) {
      // Held (its payment was not the listing's price): money came in but nothing was delivered, so no
      // event of it is a sale or a reversal; the cursor still moves so its events stay in order.
      log.info(
        { purchaseId: p.id, version: p.version, reason: p.heldReason },
        "held purchase: nothing booked",
      );
      setCursor(pending, p.id, p.version, false);
      return;
    }
    let rejected = false;
    if (p.change.kind === "purchase") {
      if (!(await leftOf(tx, pending, p.id))) rejected = !(await recordSale(tx, pending, event));
    } else {
      await recordReversal(tx, pending, event);
    }
    setCursor(pending, p.id, p.version, rejected);
  };

  return async (
    event: EventEnvelope<PurchaseSnapshotV1>,
    tx: Queryable,
    transaction?: HandlerTransaction,
  ): Promise<void> => {
    if (!transaction) {
      const pending = newPending();
      await apply(event, tx, pending);
      await flush(tx, pending);
      return;
    }
    let pending = pendingOf.get(transaction);
    if (!pending) {
      const mine = newPending();
      pendingOf.set(transaction, mine);
      transaction.beforeCommit(() => flush(tx, mine));
      pending = mine;
    }
    await apply(event, tx, pending);
  };
}

import type { EventEnvelope } from "@mp/bus";
import type { PurchaseSnapshotV1 } from "@mp/contracts";
import type { Queryable } from "@mp/db";
import type { Logger } from "@mp/logger";
import { effectOf, reversalShares, type Shares, saleShares, sumShares } from "../domain/ledger";
import type { LedgerRepository, Movement, MovementKind, PurchaseParties } from "../infra/ledger.repository";
import type { LedgerProjections } from "../infra/ledger-projections.repository";
import type { StatementRepository } from "../infra/statements.repository";

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
 * writes the movement the change makes (see `effectOf`) with its three entries, the developer's and the
 * provider's each in its statement.
 */
export function makeRecordPurchaseChange(deps: LedgerWriterDeps) {
  const log = deps.logger.child({ component: "ledger-writer" });

  /**
   * Writes the movement and, with `cursor`, the purchase's cursor at that version in the same statement.
   * `lockHeld`: the cursor query took the placement lock of `parties.livemode`.
   */
  const write = async (
    tx: Queryable,
    event: EventEnvelope<PurchaseSnapshotV1>,
    parties: PurchaseParties,
    kind: MovementKind,
    shares: Shares,
    occurredAt: Date,
    lockHeld: boolean,
    cursor?: { version: number },
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
      lockHeld,
    );
    const movement: Movement = {
      ...parties,
      id: deps.ids.next(),
      sourceEventId: event.id,
      kind,
      shares,
      occurredAt,
    };
    await deps.ledger.insert(
      tx,
      movement,
      {
        platformId: deps.ids.next(),
        developer: { ...developer, id: deps.ids.next() },
        provider: { ...provider, id: deps.ids.next() },
      },
      cursor,
    );
  };

  /** True when the sale was written, the cursor with it; false when it was rejected (dead-lettered). */
  const recordSale = async (tx: Queryable, event: EventEnvelope<PurchaseSnapshotV1>): Promise<boolean> => {
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
    const shares = saleShares({ gross: p.amount.amount, basePrice: basePrice.amount, feeBps });
    if (shares.providerShare < 0)
      log.warn(
        { purchaseId: p.id, shares },
        "sale leaves the provider a negative share (base price above price)",
      );
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
    await write(tx, event, parties, "sale", shares, purchasedAt, true, { version: p.version });
    return true;
  };

  /** True when the movement was written, the cursor with it. */
  const recordReversal = async (
    tx: Queryable,
    event: EventEnvelope<PurchaseSnapshotV1>,
  ): Promise<boolean> => {
    const p = event.data;
    const sold = await deps.ledger.leftOf(tx, p.id);
    if (!sold) throw new NotReadyError(`purchase ${p.id} has no recorded sale yet`);
    const left = sumShares(sold.left);
    const effect = effectOf({ kind: p.change.kind, amount: p.change.amount.amount }, left);
    if (effect.kind === "none" || effect.kind === "sale") return false;
    if (effect.kind === "refund" && p.change.amount.currency !== sold.parties.currency) {
      const reason = `refund currency ${p.change.amount.currency} differs from the sale's ${sold.parties.currency}`;
      log.error({ purchaseId: p.id, eventId: event.id }, `reversal not recorded: ${reason}`);
      await deps.deadLetter(tx, event, reason);
      return false;
    }
    if (effect.clamped)
      log.warn(
        { purchaseId: p.id, asked: p.change.amount.amount, reversed: effect.amount },
        "refund larger than what is left of the sale; reversing what is left",
      );
    await write(
      tx,
      event,
      sold.parties,
      effect.kind,
      reversalShares(sold.left, effect.amount),
      new Date(p.change.at),
      sold.parties.livemode === p.livemode,
      { version: p.version },
    );
    return true;
  };

  return async (event: EventEnvelope<PurchaseSnapshotV1>, tx: Queryable): Promise<void> => {
    const p = event.data;
    // Also takes the placement lock of the purchase's mode, for the statements its movement lands in.
    const cursor = await deps.ledger.lockCursor(tx, p.id, p.livemode);
    const applied = cursor.version ?? 0;
    if (p.version <= applied) {
      log.debug({ purchaseId: p.id, version: p.version, applied }, "purchase event already applied");
      return;
    }
    if (p.version > applied + 1) {
      log.info({ purchaseId: p.id, version: p.version, applied }, "purchase event ahead of its predecessor");
      throw new NotReadyError(`purchase ${p.id} version ${p.version} arrived before version ${applied + 1}`);
    }
    if (cursor.version !== undefined && cursor.rejected) {
      await deps.deadLetter(tx, event, "the purchase's sale was not recorded (dead-lettered)");
      await deps.ledger.saveCursor(tx, p.id, p.version, true);
      return;
    }
    if (p.change.kind === "purchase") {
      // Without a cursor there is no sale (both are written together) unless `sold` says otherwise.
      const sold =
        cursor.version === undefined ? cursor.sold : (await deps.ledger.leftOf(tx, p.id)) !== undefined;
      if (sold) await deps.ledger.saveCursor(tx, p.id, p.version, false);
      else if (!(await recordSale(tx, event))) await deps.ledger.saveCursor(tx, p.id, p.version, true);
      return;
    }
    if (!(await recordReversal(tx, event))) await deps.ledger.saveCursor(tx, p.id, p.version, false);
  };
}

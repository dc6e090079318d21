import type { HandlerTransaction } from "@mp/bus";
import type { Queryable } from "@mp/db";
import { addShares, type Shares } from "../domain/ledger";
import type { PurchaseParties } from "../domain/movement";
import type { LedgerRepository, MovementWrite } from "./ledger.ports";
import type { PlacementMemo } from "./statements.ports";

type Cursor = { version: number; rejected: boolean; dirty: boolean };

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
 * What one transaction's events have decided and not written yet, written at once before it commits
 * (`LedgerRepository.write`): its movements in event order, and the purchases' cursors as they now stand.
 * Later events of the transaction read through it: a purchase's cursor here is the one they meet, and its
 * movements here count in what is left of its sale.
 */
export class LedgerBatch {
  private readonly movements: MovementWrite[] = [];
  /** The cursor of each purchase this transaction has read or set; `dirty`: to be written. */
  private readonly cursors = new Map<string, Cursor | null>();
  /** Purchases with no sale in the database (read without a cursor, no sale recorded). */
  private readonly unsold = new Set<string>();
  /** The modes whose placement lock this transaction holds. */
  private readonly locked = new Set<boolean>();
  /** The statements this transaction found open in their own month (see `PlacementMemo`). */
  readonly placements: PlacementMemo = new Map();

  constructor(private readonly ledger: LedgerRepository) {}

  /** Whether this transaction holds the placement lock of `livemode`. */
  holdsLock(livemode: boolean): boolean {
    return this.locked.has(livemode);
  }

  /** Notes that this transaction now holds the placement lock of `livemode`. */
  lockTaken(livemode: boolean): void {
    this.locked.add(livemode);
  }

  /** The purchase's cursor as this transaction sees it: its own, else the database's (row-locked). */
  async cursorOf(tx: Queryable, purchaseId: string, livemode: boolean): Promise<Cursor | undefined> {
    const known = this.cursors.get(purchaseId);
    if (known !== undefined) return known ?? undefined;
    // Also takes the placement lock of the purchase's mode, for the statements its movements land in.
    const read = await this.ledger.lockCursor(tx, purchaseId, livemode);
    this.locked.add(livemode);
    if (read.version === undefined) {
      // Without a cursor there is no sale (both are written together) unless `sold` says otherwise.
      if (!read.sold) this.unsold.add(purchaseId);
      this.cursors.set(purchaseId, null);
      return undefined;
    }
    const cursor = { version: read.version, rejected: read.rejected, dirty: false };
    this.cursors.set(purchaseId, cursor);
    return cursor;
  }

  setCursor(purchaseId: string, version: number, rejected: boolean): void {
    this.cursors.set(purchaseId, { version, rejected, dirty: true });
  }

  /** The sale's parties and what is left of it: the database's movements and this transaction's. */
  async leftOf(
    tx: Queryable,
    purchaseId: string,
  ): Promise<{ parties: PurchaseParties; left: Shares } | undefined> {
    const stored = this.unsold.has(purchaseId) ? undefined : await this.ledger.leftOf(tx, purchaseId);
    const mine = this.movements.filter((w) => w.movement.purchaseId === purchaseId).map((w) => w.movement);
    if (mine.length === 0) return stored;
    const sale = mine.find((m) => m.kind === "sale");
    const parties = stored?.parties ?? (sale && partiesOf(sale));
    if (!parties) return undefined;
    const left = mine.reduce(
      (sum, m) => addShares(sum, m.shares),
      stored?.left ?? { platformFee: 0, developerShare: 0, providerShare: 0 },
    );
    return { parties, left };
  }

  add(write: MovementWrite): void {
    this.movements.push(write);
  }

  /** Writes the movements and the cursors set (`dirty`), in one statement. */
  async flush(tx: Queryable): Promise<void> {
    const cursors = [...this.cursors]
      .filter(([, c]) => c?.dirty)
      .map(([purchaseId, c]) => ({
        purchaseId,
        version: (c as { version: number }).version,
        rejected: (c as { rejected: boolean }).rejected,
      }));
    await this.ledger.write(tx, this.movements, cursors);
  }
}

/**
 * The batch an event's work goes into: without a handler transaction (one event, one transaction) a
 * batch of its own, written right after the work; with one, the transaction's batch, made at its first
 * event and written just before it commits (the bus's `beforeCommit`).
 */
export function makeLedgerBatches(ledger: LedgerRepository) {
  const open = new WeakMap<HandlerTransaction, LedgerBatch>();
  return async (
    tx: Queryable,
    transaction: HandlerTransaction | undefined,
    work: (batch: LedgerBatch) => Promise<void>,
  ): Promise<void> => {
    if (!transaction) {
      const batch = new LedgerBatch(ledger);
      await work(batch);
      await batch.flush(tx);
      return;
    }
    let batch = open.get(transaction);
    if (!batch) {
      const mine = new LedgerBatch(ledger);
      open.set(transaction, mine);
      transaction.beforeCommit(() => mine.flush(tx));
      batch = mine;
    }
    await work(batch);
  };
}

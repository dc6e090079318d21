import type { Queryable } from "@mp/db";
import type { Shares } from "../domain/ledger";
import type { Movement, Placement, PurchaseParties } from "../domain/movement";

/** A movement and the ids and placements of its three entries. */
export interface MovementWrite {
  movement: Movement;
  entries: {
    platformId: string;
    developer: Placement & { id: string };
    provider: Placement & { id: string };
  };
}

export interface CursorWrite {
  purchaseId: string;
  version: number;
  rejected: boolean;
}

export interface LedgerRepository {
  /**
   * The purchase's cursor under a row lock: the last version applied, and whether its sale was rejected;
   * without a cursor, `sold` tells whether a sale of the purchase is recorded all the same. The same
   * statement takes the placement lock of `livemode` shared (`sharePlacementLockSql`), so the entries this
   * transaction writes later may be placed with `lockHeld`.
   */
  lockCursor(
    tx: Queryable,
    purchaseId: string,
    livemode: boolean,
  ): Promise<{ version: number; rejected: boolean } | { version: undefined; sold: boolean }>;
  /** The purchase's sale parties and what is left of its shares (sale plus reversals), when sold. */
  leftOf(tx: Queryable, purchaseId: string): Promise<{ parties: PurchaseParties; left: Shares } | undefined>;
  /**
   * Movements, each with its three entries (developer and provider entries at their placements), in the
   * order given (their `seq`), and cursors (the last version applied to each purchase, and whether its
   * sale was rejected), all in one statement.
   */
  write(tx: Queryable, movements: readonly MovementWrite[], cursors: readonly CursorWrite[]): Promise<void>;
}

export interface LedgerItem {
  id: string;
  developerOrganisationId: string;
  marketplaceInstanceId: string;
  displayName: string | null;
}

/** What settlements keeps of items and instances, from their events (no call-backs). */
export interface LedgerProjections {
  /** The item's newest state (version guard), and its base price from `effectiveFrom` on (history). */
  recordItem(
    tx: Queryable,
    item: LedgerItem & {
      version: number;
      effectiveFrom: Date;
      basePrice: { amount: number; currency: string } | null;
    },
  ): Promise<void>;
  /**
   * What a sale at `at` needs, read in one statement: the item's newest state (`undefined`: not known
   * yet); the base price in force at `at`, that of the latest price record effective at or before it
   * (payment times have whole-second precision, Stripe's `created`, so `at` counts up to the end of its
   * second: a price set a few milliseconds before a purchase paid in the same second is the one in force;
   * `undefined` when none is known that early, `null` when none was set); and the instance's platform fee
   * (bps) in force at `at` (`undefined` when the instance is not known that early).
   */
  saleInputs(
    db: Queryable,
    itemId: string,
    instanceId: string,
    at: Date,
  ): Promise<{
    item: LedgerItem | undefined;
    basePrice: { amount: number; currency: string } | null | undefined;
    feeBps: number | undefined;
  }>;
}

import { applyIfNewer } from "@mp/bus";
import type { Queryable } from "@mp/db";

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
  /** An instance's platform fee from `effectiveFrom` on (history; a repeated version writes nothing). */
  recordInstanceFee(
    tx: Queryable,
    fee: { instanceId: string; version: number; effectiveFrom: Date; platformFeeBps: number },
  ): Promise<void>;
  item(db: Queryable, id: string): Promise<LedgerItem | undefined>;
  /**
   * The base price in force at `at`: that of the latest price record effective at or before it. Payment
   * times have whole-second precision (Stripe's `created`), so `at` counts up to the end of its second:
   * a price set a few milliseconds before a purchase paid in the same second is the one in force.
   * `undefined` when none is known that early (the events have not arrived); `null` amount: none was set.
   */
  basePriceAt(
    db: Queryable,
    itemId: string,
    at: Date,
  ): Promise<{ amount: number; currency: string } | null | undefined>;
  /** The platform fee (bps) in force at `at`, `undefined` when the instance is not known that early. */
  feeAt(db: Queryable, instanceId: string, at: Date): Promise<number | undefined>;
}

export function makeLedgerProjections(): LedgerProjections {
  return {
    recordItem: async (tx, item) => {
      await applyIfNewer(tx, {
        table: "ledger_items",
        key: { id: item.id },
        version: item.version,
        values: {
          developer_organisation_id: item.developerOrganisationId,
          marketplace_instance_id: item.marketplaceInstanceId,
          display_name: item.displayName,
        },
      });
      await tx.query(
        `INSERT INTO ledger_item_prices (item_id, version, effective_from, amount, currency)
         VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING`,
        [
          item.id,
          item.version,
          item.effectiveFrom,
          item.basePrice?.amount ?? null,
          item.basePrice?.currency ?? null,
        ],
      );
    },
    recordInstanceFee: async (tx, fee) => {
      await tx.query(
        `INSERT INTO ledger_instance_fees (instance_id, version, effective_from, platform_fee_bps)
         VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING`,
        [fee.instanceId, fee.version, fee.effectiveFrom, fee.platformFeeBps],
      );
    },
    item: async (db, id) => {
      const { rows } = await db.query<{
        id: string;
        developer_organisation_id: string;
        marketplace_instance_id: string;
        display_name: string | null;
      }>("SELECT * FROM ledger_items WHERE id = $1", [id]);
      const row = rows[0];
      return row
        ? {
            id: row.id,
            developerOrganisationId: row.developer_organisation_id,
            marketplaceInstanceId: row.marketplace_instance_id,
            displayName: row.display_name,
          }
        : undefined;
    },
    basePriceAt: async (db, itemId, at) => {
      const { rows } = await db.query<{ amount: string | null; currency: string | null }>(
        `SELECT amount, currency FROM ledger_item_prices
          WHERE item_id = $1 AND effective_from < date_trunc('second', $2::timestamptz) + interval '1 second'
          ORDER BY effective_from DESC, version DESC LIMIT 1`,
        [itemId, at],
      );
      const row = rows[0];
      if (!row) return undefined;
      return row.amount === null || row.currency === null
        ? null
        : { amount: Number(row.amount), currency: row.currency };
    },
    feeAt: async (db, instanceId, at) => {
      const { rows } = await db.query<{ platform_fee_bps: number }>(
        `SELECT platform_fee_bps FROM ledger_instance_fees
          WHERE instance_id = $1 AND effective_from < date_trunc('second', $2::timestamptz) + interval '1 second'
          ORDER BY effective_from DESC, version DESC LIMIT 1`,
        [instanceId, at],
      );
      return rows[0]?.platform_fee_bps;
    },
  };
}

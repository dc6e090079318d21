import { applyIfNewer, type Projection } from "@mp/bus";
import type { InstanceCreatedV1 } from "@mp/contracts";
import type { LedgerProjections } from "../application/ledger.ports";

/**
 * What `catalogue.instance.created.v1` and `.snapshot.v1` leave in `ledger_instance_fees`: the instance's
 * platform fee from its creation on, one row per instance version (history: a repeated version writes
 * nothing). The bus writes a batch's rows with their inbox rows in one statement (see @mp/bus `Projection`).
 */
export const instanceFeeProjection: Projection<InstanceCreatedV1> = {
  table: "ledger_instance_fees",
  key: ["instance_id", "version"],
  onConflict: "keep",
  row: ({ data }) => ({
    instance_id: data.id,
    version: data.version,
    effective_from: data.createdAt,
    platform_fee_bps: data.platformFeeBps,
  }),
};

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
    saleInputs: async (db, itemId, instanceId, at) => {
      const { rows } = await db.query<{
        id: string | null;
        developer_organisation_id: string;
        marketplace_instance_id: string;
        display_name: string | null;
        price_known: boolean | null;
        amount: string | null;
        currency: string | null;
        platform_fee_bps: number | null;
      }>({
        name: "settlements-ledger-sale-inputs",
        text: `SELECT i.id, i.developer_organisation_id, i.marketplace_instance_id, i.display_name,
                p.known AS price_known, p.amount, p.currency, f.platform_fee_bps
           FROM (SELECT date_trunc('second', $3::timestamptz) + interval '1 second' AS before) t
           LEFT JOIN ledger_items i ON i.id = $1
           LEFT JOIN LATERAL (
             SELECT true AS known, amount, currency FROM ledger_item_prices
              WHERE item_id = $1 AND effective_from < t.before
              ORDER BY effective_from DESC, version DESC LIMIT 1) p ON true
           LEFT JOIN LATERAL (
             SELECT platform_fee_bps FROM ledger_instance_fees
              WHERE instance_id = $2 AND effective_from < t.before
              ORDER BY effective_from DESC, version DESC LIMIT 1) f ON true`,
        values: [itemId, instanceId, at],
      });
      const row = rows[0];
      if (!row) throw new Error("the sale inputs query returned no row");
      return {
        item:
          row.id === null
            ? undefined
            : {
                id: row.id,
                developerOrganisationId: row.developer_organisation_id,
                marketplaceInstanceId: row.marketplace_instance_id,
                displayName: row.display_name,
              },
        basePrice: !row.price_known
          ? undefined
          : row.amount === null || row.currency === null
            ? null
            : { amount: Number(row.amount), currency: row.currency },
        feeBps: row.platform_fee_bps ?? undefined,
      };
    },
  };
}

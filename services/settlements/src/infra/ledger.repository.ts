import type { LedgerRepository } from "../application/ledger.ports";
import { sharePlacementLockSql } from "./placement-lock.sql";

export function makeLedgerRepository(): LedgerRepository {
  return {
    lockCursor: async (tx, purchaseId, livemode) => {
      const { rows } = await tx.query<{ version: number | null; rejected: boolean | null; sold: boolean }>({
        name: "settlements-ledger-lock-cursor",
        text: `SELECT c.version, c.rejected,
                c.version IS NULL AND EXISTS (
                  SELECT 1 FROM ledger_transactions WHERE purchase_id = $1 AND kind = 'sale') AS sold
           FROM (SELECT ${sharePlacementLockSql("$2::boolean")}) placement
           LEFT JOIN (SELECT version, rejected FROM ledger_purchases WHERE purchase_id = $1 FOR UPDATE) c ON true`,
        values: [purchaseId, livemode],
      });
      const row = rows[0];
      if (!row) throw new Error("the cursor query returned no row");
      return row.version === null
        ? { version: undefined, sold: row.sold }
        : { version: row.version, rejected: row.rejected === true };
    },
    leftOf: async (tx, purchaseId) => {
      const { rows } = await tx.query<{
        marketplace_instance_id: string;
        marketplace_item_id: string;
        display_name: string;
        device_id: string;
        provider_organisation_id: string;
        developer_organisation_id: string;
        currency: string;
        livemode: boolean;
        platform_fee: string;
        developer_share: string;
        provider_share: string;
      }>({
        name: "settlements-ledger-left-of",
        text: `SELECT s.marketplace_instance_id, s.marketplace_item_id, s.display_name, s.device_id,
                s.provider_organisation_id, s.developer_organisation_id, s.currency, s.livemode,
                sums.platform_fee, sums.developer_share, sums.provider_share
           FROM ledger_transactions s,
                LATERAL (SELECT sum(platform_fee)::bigint AS platform_fee,
                                sum(developer_share)::bigint AS developer_share,
                                sum(provider_share)::bigint AS provider_share
                           FROM ledger_transactions WHERE purchase_id = $1) sums
          WHERE s.purchase_id = $1 AND s.kind = 'sale'`,
        values: [purchaseId],
      });
      const row = rows[0];
      if (!row) return undefined;
      return {
        parties: {
          purchaseId,
          marketplaceInstanceId: row.marketplace_instance_id,
          marketplaceItemId: row.marketplace_item_id,
          displayName: row.display_name,
          deviceId: row.device_id,
          providerOrganisationId: row.provider_organisation_id,
          developerOrganisationId: row.developer_organisation_id,
          currency: row.currency,
          livemode: row.livemode,
        },
        left: {
          platformFee: Number(row.platform_fee),
          developerShare: Number(row.developer_share),
          providerShare: Number(row.provider_share),
        },
      };
    },
    write: async (tx, movements, cursors) => {
      if (movements.length === 0 && cursors.length === 0) return;
      const cursorRows = JSON.stringify(
        cursors.map((c) => ({ purchase_id: c.purchaseId, version: c.version, rejected: c.rejected })),
      );
      if (movements.length === 0) {
        // Cursors only (repeats, changes that move no money): no movement insert, no earnings trigger run.
        await tx.query({
          name: "settlements-ledger-write-cursors",
          text: `INSERT INTO ledger_purchases (purchase_id, version, rejected)
                 SELECT purchase_id, version, rejected
                   FROM json_to_recordset($1::json) AS c(purchase_id uuid, version integer, rejected boolean)
                 ON CONFLICT (purchase_id) DO UPDATE SET version = EXCLUDED.version, rejected = EXCLUDED.rejected,
                   updated_at = now()`,
          values: [cursorRows],
        });
        return;
      }
      const rows = movements.map(({ movement: m, entries }, ord) => ({
        ord,
        id: m.id,
        source_event_id: m.sourceEventId,
        kind: m.kind,
        purchase_id: m.purchaseId,
        marketplace_instance_id: m.marketplaceInstanceId,
        marketplace_item_id: m.marketplaceItemId,
        display_name: m.displayName,
        device_id: m.deviceId,
        provider_organisation_id: m.providerOrganisationId,
        developer_organisation_id: m.developerOrganisationId,
        currency: m.currency,
        livemode: m.livemode,
        gross: m.shares.platformFee + m.shares.developerShare + m.shares.providerShare,
        platform_fee: m.shares.platformFee,
        developer_share: m.shares.developerShare,
        provider_share: m.shares.providerShare,
        occurred_at: m.occurredAt.toISOString(),
        platform_entry: entries.platformId,
        developer_entry: entries.developer.id,
        developer_statement: entries.developer.statementId,
        developer_line: entries.developer.lineKind,
        provider_entry: entries.provider.id,
        provider_statement: entries.provider.statementId,
        provider_line: entries.provider.lineKind,
      }));
      // One statement: movements in the order given (the earnings trigger then runs once for all of
      // them), their entries (the foreign key is checked at the statement's end, the movements there),
      // and the cursors.
      await tx.query({
        name: "settlements-ledger-write",
        text: `WITH m AS (
           SELECT * FROM json_to_recordset($1::json) AS m(ord integer, id uuid, source_event_id uuid, kind text,
             purchase_id uuid, marketplace_instance_id uuid, marketplace_item_id uuid, display_name text,
             device_id text, provider_organisation_id uuid, developer_organisation_id uuid, currency char(3),
             livemode boolean, gross bigint, platform_fee bigint, developer_share bigint, provider_share bigint,
             occurred_at timestamptz, platform_entry uuid, developer_entry uuid, developer_statement uuid,
             developer_line text, provider_entry uuid, provider_statement uuid, provider_line text)
         ), movements AS (
           INSERT INTO ledger_transactions (id, source_event_id, kind, purchase_id, marketplace_instance_id,
             marketplace_item_id, display_name, device_id, provider_organisation_id, developer_organisation_id,
             currency, livemode, gross, platform_fee, developer_share, provider_share, occurred_at)
           SELECT id, source_event_id, kind, purchase_id, marketplace_instance_id, marketplace_item_id,
                  display_name, device_id, provider_organisation_id, developer_organisation_id, currency, livemode,
                  gross, platform_fee, developer_share, provider_share, occurred_at
             FROM m ORDER BY ord
         ), entries AS (
           INSERT INTO ledger_entries (id, transaction_id, party, organisation_id, amount, statement_id, line_kind,
             occurred_at)
           SELECT e.* FROM m CROSS JOIN LATERAL (VALUES
             (m.platform_entry, m.id, 'platform', NULL::uuid, m.platform_fee, NULL::uuid, NULL::text, m.occurred_at),
             (m.developer_entry, m.id, 'developer', m.developer_organisation_id, m.developer_share,
              m.developer_statement, m.developer_line, m.occurred_at),
             (m.provider_entry, m.id, 'provider', m.provider_organisation_id, m.provider_share,
              m.provider_statement, m.provider_line, m.occurred_at)) e
         )
         INSERT INTO ledger_purchases (purchase_id, version, rejected)
         SELECT purchase_id, version, rejected
           FROM json_to_recordset($2::json) AS c(purchase_id uuid, version integer, rejected boolean)
         ON CONFLICT (purchase_id) DO UPDATE SET version = EXCLUDED.version, rejected = EXCLUDED.rejected,
           updated_at = now()`,
        values: [JSON.stringify(rows), cursorRows],
      });
    },
  };
}

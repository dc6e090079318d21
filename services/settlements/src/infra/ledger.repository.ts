import type { Queryable } from "@mp/db";
import type { Shares } from "../domain/ledger";
import { sharePlacementLockSql } from "./statements.repository";

export type MovementKind = "sale" | "refund" | "dispute";
export type LineKind = MovementKind | "adjustment";

/** What every movement of one purchase repeats: copied from its sale. */
export interface PurchaseParties {
  purchaseId: string;
  marketplaceInstanceId: string;
  marketplaceItemId: string;
  displayName: string;
  deviceId: string;
  providerOrganisationId: string;
  developerOrganisationId: string;
  currency: string;
  livemode: boolean;
}

export interface Movement extends PurchaseParties {
  id: string;
  sourceEventId: string;
  kind: MovementKind;
  shares: Shares;
  occurredAt: Date;
}

/** Where a developer or provider entry landed. */
export interface Placement {
  statementId: string;
  lineKind: LineKind;
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
  saveCursor(tx: Queryable, purchaseId: string, version: number, rejected: boolean): Promise<void>;
  /** The purchase's sale parties and what is left of its shares (sale plus reversals), when sold. */
  leftOf(tx: Queryable, purchaseId: string): Promise<{ parties: PurchaseParties; left: Shares } | undefined>;
  /**
   * One movement and its three entries; developer and provider entries at their placements. With
   * `cursor`, the same statement saves the purchase's cursor at that version (as `saveCursor`, not rejected).
   */
  insert(
    tx: Queryable,
    movement: Movement,
    entries: {
      platformId: string;
      developer: Placement & { id: string };
      provider: Placement & { id: string };
    },
    cursor?: { version: number },
  ): Promise<void>;
}

export function makeLedgerRepository(): LedgerRepository {
  return {
    lockCursor: async (tx, purchaseId, livemode) => {
      const { rows } = await tx.query<{ version: number | null; rejected: boolean | null; sold: boolean }>(
        `SELECT c.version, c.rejected,
                c.version IS NULL AND EXISTS (
                  SELECT 1 FROM ledger_transactions WHERE purchase_id = $1 AND kind = 'sale') AS sold
           FROM (SELECT ${sharePlacementLockSql("$2::boolean")}) placement
           LEFT JOIN (SELECT version, rejected FROM ledger_purchases WHERE purchase_id = $1 FOR UPDATE) c ON true`,
        [purchaseId, livemode],
      );
      const row = rows[0];
      if (!row) throw new Error("the cursor query returned no row");
      return row.version === null
        ? { version: undefined, sold: row.sold }
        : { version: row.version, rejected: row.rejected === true };
    },
    saveCursor: async (tx, purchaseId, version, rejected) => {
      await tx.query(
        `INSERT INTO ledger_purchases (purchase_id, version, rejected) VALUES ($1, $2, $3)
         ON CONFLICT (purchase_id) DO UPDATE SET version = EXCLUDED.version, rejected = EXCLUDED.rejected,
           updated_at = now()`,
        [purchaseId, version, rejected],
      );
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
      }>(
        `SELECT s.marketplace_instance_id, s.marketplace_item_id, s.display_name, s.device_id,
                s.provider_organisation_id, s.developer_organisation_id, s.currency, s.livemode,
                sums.platform_fee, sums.developer_share, sums.provider_share
           FROM ledger_transactions s,
                LATERAL (SELECT sum(platform_fee)::bigint AS platform_fee,
                                sum(developer_share)::bigint AS developer_share,
                                sum(provider_share)::bigint AS provider_share
                           FROM ledger_transactions WHERE purchase_id = $1) sums
          WHERE s.purchase_id = $1 AND s.kind = 'sale'`,
        [purchaseId],
      );
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
    insert: async (tx, m, entries, cursor) => {
      const gross = m.shares.platformFee + m.shares.developerShare + m.shares.providerShare;
      // One statement: the movement, its entries and (with `cursor`) the cursor. The entries' foreign key
      // is checked at the end of the statement, when the movement is there.
      await tx.query(
        `WITH movement AS (
           INSERT INTO ledger_transactions (id, source_event_id, kind, purchase_id, marketplace_instance_id,
             marketplace_item_id, display_name, device_id, provider_organisation_id, developer_organisation_id,
             currency, livemode, gross, platform_fee, developer_share, provider_share, occurred_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17)
         ), entries AS (
           INSERT INTO ledger_entries (id, transaction_id, party, organisation_id, amount, statement_id, line_kind,
             occurred_at)
           VALUES ($18, $1, 'platform', NULL, $14, NULL, NULL, $17),
                  ($19, $1, 'developer', $10, $15, $21, $22, $17),
                  ($20, $1, 'provider', $9, $16, $23, $24, $17)
         )
         INSERT INTO ledger_purchases (purchase_id, version, rejected)
         SELECT $4, $25::integer, false WHERE $25::integer IS NOT NULL
         ON CONFLICT (purchase_id) DO UPDATE SET version = EXCLUDED.version, rejected = EXCLUDED.rejected,
           updated_at = now()`,
        [
          m.id,
          m.sourceEventId,
          m.kind,
          m.purchaseId,
          m.marketplaceInstanceId,
          m.marketplaceItemId,
          m.displayName,
          m.deviceId,
          m.providerOrganisationId,
          m.developerOrganisationId,
          m.currency,
          m.livemode,
          gross,
          m.shares.platformFee,
          m.shares.developerShare,
          m.shares.providerShare,
          m.occurredAt,
          entries.platformId,
          entries.developer.id,
          entries.provider.id,
          entries.developer.statementId,
          entries.developer.lineKind,
          entries.provider.statementId,
          entries.provider.lineKind,
          cursor?.version ?? null,
        ],
      );
    },
  };
}

import { type Pool, type PoolClient, paged, pageWindow } from "@mp/db";
import type { ActivityEntry, PurchaseRepository } from "../application/ports";
import {
  activityKind,
  type ChangeKind,
  type DisputeStatus,
  type Purchase,
  type PurchaseStatus,
} from "../domain/purchase";

interface Row {
  id: string;
  payment_reference: string;
  marketplace_item_id: string;
  display_name: string;
  listing_id: string;
  marketplace_instance_id: string;
  provider_organisation_id: string;
  device_id: string;
  amount: string;
  currency: string;
  amount_refunded: string;
  status: PurchaseStatus;
  dispute_status: DisputeStatus | null;
  dispute_version: number;
  livemode: boolean;
  purchased_at: Date;
  version: number;
}

const toPurchase = (row: Row): Purchase => ({
  id: row.id,
  marketplaceItemId: row.marketplace_item_id,
  displayName: row.display_name,
  listingId: row.listing_id,
  marketplaceInstanceId: row.marketplace_instance_id,
  providerOrganisationId: row.provider_organisation_id,
  deviceId: row.device_id,
  amount: { amount: Number(row.amount), currency: row.currency },
  amountRefunded: Number(row.amount_refunded),
  status: row.status,
  disputeStatus: row.dispute_status,
  disputeVersion: row.dispute_version,
  livemode: row.livemode,
  purchasedAt: row.purchased_at,
  paymentReference: row.payment_reference,
  version: row.version,
});

interface HistoryRow {
  kind: ChangeKind | "install";
  at: Date;
  marketplace_item_id: string;
  display_name: string;
  device_id: string;
  amount: string | null;
  currency: string | null;
}

const toEntry = (row: HistoryRow): ActivityEntry => ({
  kind: row.kind === "install" ? "install" : activityKind(row.kind),
  at: row.at,
  marketplaceItemId: row.marketplace_item_id,
  displayName: row.display_name,
  deviceId: row.device_id,
  amount:
    row.amount === null || row.currency === null
      ? null
      : { amount: Number(row.amount), currency: row.currency },
});

const ORDER_COLUMNS = { purchasedAt: "purchased_at", amount: "amount" } as const;

export function makePurchaseRepository(pool: Pool): PurchaseRepository {
  return {
    insertIfNew: async (tx, p) => {
      const { rowCount } = await tx.query(
        `INSERT INTO purchases (id, payment_reference, marketplace_item_id, display_name, listing_id,
           marketplace_instance_id, provider_organisation_id, device_id, amount, currency, amount_refunded,
           status, dispute_status, dispute_version, livemode, purchased_at, version)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17)
         ON CONFLICT (payment_reference) DO NOTHING`,
        [
          p.id,
          p.paymentReference,
          p.marketplaceItemId,
          p.displayName,
          p.listingId,
          p.marketplaceInstanceId,
          p.providerOrganisationId,
          p.deviceId,
          p.amount.amount,
          p.amount.currency,
          p.amountRefunded,
          p.status,
          p.disputeStatus,
          p.disputeVersion,
          p.livemode,
          p.purchasedAt,
          p.version,
        ],
      );
      return rowCount === 1;
    },
    lockByPaymentReference: async (tx, paymentReference) => {
      const { rows } = await tx.query<Row>(
        "SELECT * FROM purchases WHERE payment_reference = $1 FOR UPDATE",
        [paymentReference],
      );
      return rows[0] ? toPurchase(rows[0]) : undefined;
    },
    update: async (tx: PoolClient, p) => {
      await tx.query(
        `UPDATE purchases SET amount_refunded = $2, status = $3, dispute_status = $4, dispute_version = $5,
           version = $6 WHERE id = $1`,
        [p.id, p.amountRefunded, p.status, p.disputeStatus, p.disputeVersion, p.version],
      );
    },
    appendHistory: async (tx, p, change) => {
      await tx.query(
        `INSERT INTO purchase_history (purchase_id, provider_organisation_id, livemode, kind, amount, currency,
           status, stripe_event_id, marketplace_item_id, display_name, device_id, at, version)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)`,
        [
          p.id,
          p.providerOrganisationId,
          p.livemode,
          change.kind,
          change.amount.amount,
          change.amount.currency,
          p.status,
          change.stripeEventId,
          p.marketplaceItemId,
          p.displayName,
          p.deviceId,
          change.at,
          p.version,
        ],
      );
    },
    statusesOf: async (q) => {
      const { rows } = await pool.query<{ status: PurchaseStatus }>(
        `SELECT status FROM purchases
         WHERE device_id = $1 AND marketplace_item_id = $2 AND provider_organisation_id = $3 AND livemode = $4`,
        [q.deviceId, q.marketplaceItemId, q.providerOrganisationId, q.livemode],
      );
      return rows.map((r) => r.status);
    },
    list: async (organisationId, query) => {
      const params: unknown[] = [organisationId, query.livemode];
      let where = "provider_organisation_id = $1 AND livemode = $2";
      if (query.deviceId) {
        params.push(query.deviceId);
        where += ` AND device_id = $${params.length}`;
      }
      const { limit, offset } = pageWindow(query.page, query.pageSize);
      const direction = query.direction === "asc" ? "ASC" : "DESC";
      const [{ rows }, count] = await Promise.all([
        pool.query<Row>(
          `SELECT * FROM purchases WHERE ${where}
           ORDER BY ${ORDER_COLUMNS[query.orderBy]} ${direction}, id ${direction}
           LIMIT ${limit} OFFSET ${offset}`,
          params,
        ),
        pool.query<{ total: string }>(`SELECT count(*) AS total FROM purchases WHERE ${where}`, params),
      ]);
      return paged(rows.map(toPurchase), query.page, query.pageSize, Number(count.rows[0]?.total ?? 0));
    },
    activity: async (organisationId, query) => {
      const { rows } = await pool.query<HistoryRow>(
        `SELECT kind, at, marketplace_item_id, display_name, device_id, amount, currency FROM (
           SELECT kind, at, seq, marketplace_item_id, display_name, device_id, amount, currency::text AS currency
             FROM purchase_history
            WHERE provider_organisation_id = $1 AND livemode = $2
              AND ($3::timestamptz IS NULL OR at >= $3) AND ($4::timestamptz IS NULL OR at < $4)
           UNION ALL
           SELECT 'install', queued_at, 0, marketplace_item_id, display_name, device_id, NULL, NULL
             FROM installs
            WHERE provider_organisation_id = $1 AND livemode = $2
              AND ($3::timestamptz IS NULL OR queued_at >= $3) AND ($4::timestamptz IS NULL OR queued_at < $4)
         ) feed
         ORDER BY at DESC, seq DESC LIMIT $5`,
        [organisationId, query.livemode, query.start ?? null, query.end ?? null, query.limit],
      );
      return rows.map(toEntry);
    },
    countsByDevice: async (organisationId, deviceIds, livemode) => {
      if (deviceIds.length === 0) return new Map();
      const { rows } = await pool.query<{ device_id: string; n: string }>(
        `SELECT device_id, count(*) AS n FROM purchases
          WHERE provider_organisation_id = $1 AND livemode = $2 AND device_id = ANY($3::text[])
          GROUP BY device_id`,
        [organisationId, livemode, deviceIds],
      );
      return new Map(rows.map((r) => [r.device_id, Number(r.n)]));
    },
    ofDevice: async (organisationId, deviceId, livemode) => {
      const { rows } = await pool.query<Row>(
        `SELECT * FROM purchases WHERE provider_organisation_id = $1 AND device_id = $2 AND livemode = $3
          ORDER BY purchased_at DESC, id DESC`,
        [organisationId, deviceId, livemode],
      );
      return rows.map(toPurchase);
    },
    ofDeviceItem: async (q) => {
      const { rows } = await pool.query<Row>(
        `SELECT * FROM purchases
          WHERE provider_organisation_id = $1 AND device_id = $2 AND marketplace_item_id = $3 AND livemode = $4
          ORDER BY purchased_at DESC, id DESC`,
        [q.providerOrganisationId, q.deviceId, q.marketplaceItemId, q.livemode],
      );
      return rows.map(toPurchase);
    },
  };
}

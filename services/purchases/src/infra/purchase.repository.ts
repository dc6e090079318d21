import { type Pool, selectPage } from "@mp/db";
import type { ActivityEntry, PurchaseRepository } from "../application/ports";
import {
  activityKind,
  type ChangeKind,
  type DisputeStatus,
  type HeldReason,
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
  held_reason: HeldReason | null;
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
  heldReason: row.held_reason,
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
  held_reason: HeldReason | null;
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
  heldReason: row.held_reason,
});

/** The columns a payment update may change: written for a new purchase and for a changed one alike. */
const changeableColumns = (p: Purchase) => ({
  amount_refunded: p.amountRefunded,
  status: p.status,
  dispute_status: p.disputeStatus,
  dispute_version: p.disputeVersion,
  version: p.version,
});

const ORDER_COLUMNS = { purchasedAt: "purchased_at", amount: "amount" } as const;

export function makePurchaseRepository(pool: Pool): PurchaseRepository {
  return {
    lockByPaymentReferences: async (tx, paymentReferences) => {
      if (paymentReferences.length === 0) return new Map();
      // In payment-reference order, so that two transactions locking overlapping sets cannot deadlock.
      const { rows } = await tx.query<Row>({
        name: "purchases-lock-by-payment-references",
        text: `SELECT * FROM purchases WHERE payment_reference = ANY($1::text[])
                ORDER BY payment_reference FOR UPDATE`,
        values: [paymentReferences],
      });
      return new Map(rows.map((row) => [row.payment_reference, toPurchase(row)]));
    },
    write: async (tx, writes) => {
      const { inserts, updates, history } = writes;
      if (inserts.length === 0 && updates.length === 0 && history.length === 0) return new Set();
      const fresh = new Set(inserts.map((p) => p.id));
      const purchaseRows = JSON.stringify(
        inserts.map((p) => ({
          id: p.id,
          payment_reference: p.paymentReference,
          marketplace_item_id: p.marketplaceItemId,
          display_name: p.displayName,
          listing_id: p.listingId,
          marketplace_instance_id: p.marketplaceInstanceId,
          provider_organisation_id: p.providerOrganisationId,
          device_id: p.deviceId,
          amount: p.amount.amount,
          currency: p.amount.currency,
          livemode: p.livemode,
          purchased_at: p.purchasedAt.toISOString(),
          held_reason: p.heldReason,
          ...changeableColumns(p),
        })),
      );
      const updateRows = JSON.stringify(updates.map((p) => ({ id: p.id, ...changeableColumns(p) })));
      const historyRows = JSON.stringify(
        history.map(({ purchase: p, change }, ord) => ({
          ord,
          fresh: fresh.has(p.id),
          purchase_id: p.id,
          provider_organisation_id: p.providerOrganisationId,
          livemode: p.livemode,
          kind: change.kind,
          amount: change.amount.amount,
          currency: change.amount.currency,
          status: p.status,
          stripe_event_id: change.stripeEventId,
          marketplace_item_id: p.marketplaceItemId,
          display_name: p.displayName,
          device_id: p.deviceId,
          at: change.at.toISOString(),
          version: p.version,
          held_reason: p.heldReason,
        })),
      );
      // One statement: the new purchases (unless a concurrent transaction made the intent's purchase first:
      // then neither it nor its history is written, and it is missing from what this resolves to), the
      // changed ones, and the history in the order of the changes (its foreign key is checked at the
      // statement's end, the new purchases there).
      const { rows } = await tx.query<{ inserted: string[] }>({
        name: "purchases-write",
        text: `WITH inserted AS (
           INSERT INTO purchases (id, payment_reference, marketplace_item_id, display_name, listing_id,
             marketplace_instance_id, provider_organisation_id, device_id, amount, currency, amount_refunded,
             status, dispute_status, dispute_version, livemode, purchased_at, version, held_reason)
           SELECT id, payment_reference, marketplace_item_id, display_name, listing_id, marketplace_instance_id,
                  provider_organisation_id, device_id, amount, currency, amount_refunded, status, dispute_status,
                  dispute_version, livemode, purchased_at, version, held_reason
             FROM json_to_recordset($1::json) AS p(id uuid, payment_reference text, marketplace_item_id uuid,
               display_name text, listing_id uuid, marketplace_instance_id uuid, provider_organisation_id uuid,
               device_id text, amount bigint, currency char(3), amount_refunded bigint, status text,
               dispute_status text, dispute_version integer, livemode boolean, purchased_at timestamptz,
               version integer, held_reason text)
           ON CONFLICT (payment_reference) DO NOTHING
           RETURNING id
         ), updated AS (
           UPDATE purchases SET amount_refunded = u.amount_refunded, status = u.status,
                  dispute_status = u.dispute_status, dispute_version = u.dispute_version, version = u.version
             FROM json_to_recordset($2::json) AS u(id uuid, amount_refunded bigint, status text,
               dispute_status text, dispute_version integer, version integer)
            WHERE purchases.id = u.id
         ), history AS (
           INSERT INTO purchase_history (purchase_id, provider_organisation_id, livemode, kind, amount, currency,
             status, stripe_event_id, marketplace_item_id, display_name, device_id, at, version, held_reason)
           SELECT purchase_id, provider_organisation_id, livemode, kind, amount, currency, status, stripe_event_id,
                  marketplace_item_id, display_name, device_id, at, version, held_reason
             FROM json_to_recordset($3::json) AS h(ord integer, fresh boolean, purchase_id uuid,
               provider_organisation_id uuid, livemode boolean, kind text, amount bigint, currency char(3),
               status text, stripe_event_id text, marketplace_item_id uuid, display_name text, device_id text,
               at timestamptz, version integer, held_reason text)
            WHERE NOT h.fresh OR h.purchase_id IN (SELECT id FROM inserted)
            ORDER BY ord
         )
         SELECT array(SELECT id::text FROM inserted) AS inserted`,
        values: [purchaseRows, updateRows, historyRows],
      });
      return new Set(rows[0]?.inserted ?? []);
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
      return selectPage(
        pool,
        {
          select: "*",
          from: `FROM purchases WHERE ${where}`,
          params,
          orderBy: ORDER_COLUMNS[query.orderBy],
          tiebreak: "id",
        },
        query,
        toPurchase,
      );
    },
    activity: async (organisationId, query) => {
      const { rows } = await pool.query<HistoryRow>(
        `SELECT kind, at, marketplace_item_id, display_name, device_id, amount, currency, held_reason FROM (
           SELECT kind, at, seq, marketplace_item_id, display_name, device_id, amount, currency::text AS currency,
                  held_reason
             FROM purchase_history
            WHERE provider_organisation_id = $1 AND livemode = $2
              AND ($3::timestamptz IS NULL OR at >= $3) AND ($4::timestamptz IS NULL OR at < $4)
           UNION ALL
           SELECT 'install', queued_at, 0, marketplace_item_id, display_name, device_id, NULL, NULL, NULL
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
    byId: async (organisationId, id) => {
      const { rows } = await pool.query<Row>(
        "SELECT * FROM purchases WHERE provider_organisation_id = $1 AND id = $2",
        [organisationId, id],
      );
      return rows[0] ? toPurchase(rows[0]) : undefined;
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

import type { Paged, PageQuery, Queryable } from "@mp/db";
import { paged, pageWindow } from "@mp/db";
import { addMonths, monthStart, type StatementTotals } from "../domain/statement-period";
import type { LineKind, MovementKind, Placement } from "./ledger.repository";
import { type StatementTotalsRow, statementTotalsSql } from "./statement-totals.sql";

export type StatementRole = "developer" | "provider";
export type StatementStatus = "open" | "finalized" | "paid";

export interface StatementKey {
  organisationId: string;
  role: StatementRole;
  currency: string;
  livemode: boolean;
}

export interface Statement extends StatementKey {
  id: string;
  batchId: string | null;
  periodStart: Date;
  periodEnd: Date;
  status: StatementStatus;
  totals: StatementTotals;
  lineCount: number;
  createdAt: Date;
  finalizedAt: Date | null;
  paidAt: Date | null;
}

export interface StatementLine {
  occurredAt: Date;
  kind: LineKind;
  purchaseId: string;
  marketplaceItemId: string;
  displayName: string;
  deviceId: string;
  gross: number;
  platformFee: number;
  share: number;
}

export type StatementOrder = "createdAt" | "periodStartUtc";

export interface StatementFilter {
  organisationId?: string;
  role?: StatementRole;
  status?: StatementStatus;
  currency?: string;
  livemode?: boolean;
  batchId?: string;
  periodStartFrom?: Date;
  periodEndTo?: Date;
}

/**
 * Entries and period closing share one lock per mode: an entry's transaction holds it shared from the
 * moment it picks its statement until it commits, closing a period holds it exclusively. So a close never
 * finalizes around an entry still being written, and an entry never lands in a month closed meanwhile.
 */
const PLACEMENT_LOCK = 730_301;
const lockMode = (livemode: boolean) => (livemode ? 1 : 0);

/**
 * SQL that takes the placement lock shared for the mode of `livemode` (a boolean SQL expression, e.g.
 * `$2`), for a caller that takes it in a statement it runs anyway, before {@link StatementRepository}'s
 * `placeBoth` with `lockHeld`. It must be an earlier statement of the transaction than the placement's:
 * a statement reads with the snapshot taken when it started, before any wait for the lock.
 */
export function sharePlacementLockSql(livemode: string): string {
  return `pg_advisory_xact_lock_shared(${PLACEMENT_LOCK}, CASE WHEN ${livemode} THEN ${lockMode(true)} ELSE ${lockMode(false)} END)`;
}
/** How many months past the entry's a placement looks for an open statement before giving up. */
const MAX_MONTHS_AHEAD = 240;

const STATEMENT_COLUMNS = `s.id, s.batch_id, s.organisation_id, s.role, s.currency, s.livemode, s.period_start,
  s.period_end, s.status, s.created_at, s.finalized_at, s.paid_at, tot.gross_sales, tot.refunds,
  tot.platform_fees, tot.net, tot.line_count`;
const FROM_STATEMENTS = `statements s LEFT JOIN LATERAL (${statementTotalsSql("s.id")}) tot ON true`;

type StatementRow = StatementTotalsRow & {
  id: string;
  batch_id: string | null;
  organisation_id: string;
  role: StatementRole;
  currency: string;
  livemode: boolean;
  period_start: Date;
  period_end: Date;
  status: StatementStatus;
  created_at: Date;
  finalized_at: Date | null;
  paid_at: Date | null;
};

function toStatement(row: StatementRow): Statement {
  return {
    id: row.id,
    batchId: row.batch_id,
    organisationId: row.organisation_id,
    role: row.role,
    currency: row.currency,
    livemode: row.livemode,
    periodStart: row.period_start,
    periodEnd: row.period_end,
    status: row.status,
    totals: {
      grossSales: Number(row.gross_sales),
      refunds: Number(row.refunds),
      platformFees: Number(row.platform_fees),
      net: Number(row.net),
    },
    lineCount: row.line_count,
    createdAt: row.created_at,
    finalizedAt: row.finalized_at,
    paidAt: row.paid_at,
  };
}

/**
 * Statements one transaction found open in their own month, by key and month: one transaction's only,
 * never shared. While the transaction holds the placement lock (it does from the first placement to its
 * commit) no period can close, so such a statement stays open and is again the answer for its key and month.
 */
export type PlacementMemo = Map<string, string>;

const memoKey = (key: StatementKey, month: Date) =>
  `${key.organisationId}|${key.role}|${key.currency}|${key.livemode}|${month.toISOString()}`;

export interface StatementRepository {
  /**
   * The statement an entry of `kind` that occurred at `occurredAt` lands in, created when needed: the
   * open statement of its month, or, when that month is closed (its statement finalized or paid, or a
   * batch covers it), the earliest later open statement of the same key, else the statement of the
   * current month (or the first open month after), as an `adjustment`. Run in the entry's transaction.
   */
  place(
    tx: Queryable,
    key: StatementKey,
    occurredAt: Date,
    kind: MovementKind,
    context: { now: Date; newId: () => string },
  ): Promise<Placement>;
  /**
   * `place` for a movement's developer and provider entries at once: what two `place` calls, developer
   * first, would answer. In the usual case (the month is open, both statements open) one statement
   * finds or creates both; otherwise each key not settled that way goes through `place`. `lockHeld`: an
   * earlier statement of this transaction took the placement lock of `livemode` (`sharePlacementLockSql`).
   * `memo`: the statements this transaction already found open in their own month, kept for its later
   * placements and answered from without a query (see {@link PlacementMemo}).
   */
  placeBoth(
    tx: Queryable,
    keys: { developer: StatementKey; provider: StatementKey },
    occurredAt: Date,
    kind: MovementKind,
    context: { now: Date; newId: () => string },
    options: { lockHeld: boolean; memo?: PlacementMemo },
  ): Promise<{ developer: Placement; provider: Placement }>;
  list(db: Queryable, filter: StatementFilter, page: PageQuery<StatementOrder>): Promise<Paged<Statement>>;
  /** The statement `id`; with `organisationId`, only when it is that organisation's (filtered in SQL). */
  get(db: Queryable, id: string, organisationId?: string): Promise<Statement | undefined>;
  /** The first `limit` lines, by occurredAt then entry id. */
  lines(db: Queryable, id: string, limit: number): Promise<StatementLine[]>;
  /**
   * Finalizes every open statement of `livemode` whose month lies in [start, end) into one batch; the same
   * period again returns the batch made the first time. Run in a transaction.
   */
  closePeriod(
    tx: Queryable,
    period: { start: Date; end: Date; livemode: boolean; by: string; batchId: string },
  ): Promise<{ batchId: string; statementCount: number; created: boolean }>;
  /** finalized -> paid, for a statement of `organisationId`; the status found (undefined: none of its). */
  markPaid(tx: Queryable, id: string): Promise<StatementStatus | undefined>;
}

export function makeStatementRepository(): StatementRepository {
  const monthClosed = async (tx: Queryable, livemode: boolean, month: Date) => {
    const { rowCount } = await tx.query(
      `SELECT 1 FROM statement_batches WHERE livemode = $1 AND period_start <= $2 AND period_end > $2 LIMIT 1`,
      [livemode, month],
    );
    return (rowCount ?? 0) > 0;
  };
  /** The statement of `key` and `month`, created open when missing, share-locked. */
  const ensure = async (tx: Queryable, key: StatementKey, month: Date, newId: () => string) => {
    await tx.query(
      `INSERT INTO statements (id, organisation_id, role, currency, livemode, period_start, period_end)
       VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT DO NOTHING`,
      [newId(), key.organisationId, key.role, key.currency, key.livemode, month, addMonths(month, 1)],
    );
    const { rows } = await tx.query<{ id: string; status: StatementStatus }>(
      `SELECT id, status FROM statements
        WHERE organisation_id = $1 AND role = $2 AND currency = $3 AND livemode = $4 AND period_start = $5
        FOR SHARE`,
      [key.organisationId, key.role, key.currency, key.livemode, month],
    );
    const row = rows[0];
    if (!row) throw new Error("statement vanished after its upsert");
    return row;
  };

  const place: StatementRepository["place"] = async (tx, key, occurredAt, kind, { now, newId }) => {
    await tx.query("SELECT pg_advisory_xact_lock_shared($1, $2)", [PLACEMENT_LOCK, lockMode(key.livemode)]);
    const month = monthStart(occurredAt);
    if (!(await monthClosed(tx, key.livemode, month))) {
      const own = await ensure(tx, key, month, newId);
      if (own.status === "open") return { statementId: own.id, lineKind: kind };
    }
    const { rows } = await tx.query<{ id: string }>(
      `SELECT id FROM statements
        WHERE organisation_id = $1 AND role = $2 AND currency = $3 AND livemode = $4
          AND period_start > $5 AND status = 'open'
        ORDER BY period_start LIMIT 1 FOR SHARE`,
      [key.organisationId, key.role, key.currency, key.livemode, month],
    );
    if (rows[0]) return { statementId: rows[0].id, lineKind: "adjustment" };
    const current = monthStart(now);
    let target = current > month ? current : addMonths(month, 1);
    for (let i = 0; i < MAX_MONTHS_AHEAD; i++, target = addMonths(target, 1)) {
      if (await monthClosed(tx, key.livemode, target)) continue;
      const next = await ensure(tx, key, target, newId);
      if (next.status === "open") return { statementId: next.id, lineKind: "adjustment" };
    }
    throw new Error(`no open statement within ${MAX_MONTHS_AHEAD} months of ${month.toISOString()}`);
  };

  return {
    place,

    placeBoth: async (tx, keys, occurredAt, kind, context, { lockHeld, memo }) => {
      const { developer, provider } = keys;
      if (developer.livemode !== provider.livemode || developer.currency !== provider.currency)
        throw new Error("a movement's developer and provider statements share their mode and currency");
      const month = monthStart(occurredAt);
      const remembered = {
        developer: memo?.get(memoKey(developer, month)),
        provider: memo?.get(memoKey(provider, month)),
      };
      if (remembered.developer !== undefined && remembered.provider !== undefined)
        return {
          developer: { statementId: remembered.developer, lineKind: kind },
          provider: { statementId: remembered.provider, lineKind: kind },
        };
      if (!lockHeld)
        await tx.query("SELECT pg_advisory_xact_lock_shared($1, $2)", [
          PLACEMENT_LOCK,
          lockMode(developer.livemode),
        ]);
      // As two `ensure`s unless the month is closed: both statements created when missing, the existing
      // ones share-locked. A row another transaction inserted since this statement's snapshot is neither
      // inserted nor seen here: that key goes through `place`, as does one whose statement is not open.
      const { rows } = await tx.query<{ role: StatementRole; id: string; status: StatementStatus }>({
        name: "settlements-place-both",
        text: `WITH closed AS (
           SELECT EXISTS (SELECT 1 FROM statement_batches
                           WHERE livemode = $5 AND period_start <= $6 AND period_end > $6) AS closed
         ), keyed (id, organisation_id, role) AS (
           VALUES ($1::uuid, $2::uuid, 'developer'), ($3::uuid, $4::uuid, 'provider')
         ), inserted AS (
           INSERT INTO statements (id, organisation_id, role, currency, livemode, period_start, period_end)
           SELECT k.id, k.organisation_id, k.role, $7::char(3), $5::boolean, $6::timestamptz, $8::timestamptz
             FROM keyed k, closed WHERE NOT closed.closed
           ON CONFLICT DO NOTHING
           RETURNING role, id, status
         ), existing AS (
           SELECT s.role, s.id, s.status FROM statements s
            WHERE (s.organisation_id, s.role) IN (($2::uuid, 'developer'), ($4::uuid, 'provider'))
              AND s.currency = $7 AND s.livemode = $5 AND s.period_start = $6
              AND NOT (SELECT closed FROM closed)
            FOR SHARE OF s
         )
         SELECT role, id, status FROM inserted UNION ALL SELECT role, id, status FROM existing`,
        values: [
          context.newId(),
          developer.organisationId,
          context.newId(),
          provider.organisationId,
          developer.livemode,
          month,
          developer.currency,
          addMonths(month, 1),
        ],
      });
      const settled = (role: StatementRole): Placement | undefined => {
        const row = rows.find((r) => r.role === role);
        if (row?.status !== "open") return undefined;
        memo?.set(memoKey(keys[role], month), row.id);
        return { statementId: row.id, lineKind: kind };
      };
      return {
        developer: settled("developer") ?? (await place(tx, developer, occurredAt, kind, context)),
        provider: settled("provider") ?? (await place(tx, provider, occurredAt, kind, context)),
      };
    },

    list: async (db, filter, page) => {
      const where: string[] = [];
      const params: unknown[] = [];
      const add = (sql: string, value: unknown) => {
        params.push(value);
        where.push(sql.replace("?", `$${params.length}`));
      };
      if (filter.organisationId) add("s.organisation_id = ?", filter.organisationId);
      if (filter.role) add("s.role = ?", filter.role);
      if (filter.status) add("s.status = ?", filter.status);
      if (filter.currency) add("s.currency = ?", filter.currency);
      if (filter.livemode !== undefined) add("s.livemode = ?", filter.livemode);
      if (filter.batchId) add("s.batch_id = ?", filter.batchId);
      if (filter.periodStartFrom) add("s.period_start >= ?", filter.periodStartFrom);
      if (filter.periodEndTo) add("s.period_end <= ?", filter.periodEndTo);
      const whereSql = where.length > 0 ? `WHERE ${where.join(" AND ")}` : "";
      const column = page.orderBy === "periodStartUtc" ? "s.period_start" : "s.created_at";
      const direction = page.direction === "asc" ? "ASC" : "DESC";
      const { limit, offset } = pageWindow(page.page, page.pageSize);
      const [{ rows }, count] = await Promise.all([
        db.query<StatementRow>(
          `SELECT ${STATEMENT_COLUMNS} FROM ${FROM_STATEMENTS} ${whereSql}
            ORDER BY ${column} ${direction}, s.id ${direction}
            LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
          [...params, limit, offset],
        ),
        db.query<{ n: number }>(`SELECT count(*)::int AS n FROM statements s ${whereSql}`, params),
      ]);
      return paged(rows.map(toStatement), page.page, page.pageSize, count.rows[0]?.n ?? 0);
    },

    get: async (db, id, organisationId) => {
      const { rows } = await db.query<StatementRow>(
        `SELECT ${STATEMENT_COLUMNS} FROM ${FROM_STATEMENTS}
          WHERE s.id = $1 AND ($2::uuid IS NULL OR s.organisation_id = $2::uuid)`,
        [id, organisationId ?? null],
      );
      return rows[0] ? toStatement(rows[0]) : undefined;
    },

    lines: async (db, id, limit) => {
      const { rows } = await db.query<{
        occurred_at: Date;
        line_kind: LineKind;
        purchase_id: string;
        marketplace_item_id: string;
        display_name: string;
        device_id: string;
        gross: string;
        platform_fee: string;
        amount: string;
      }>(
        `SELECT e.occurred_at, e.line_kind, t.purchase_id, t.marketplace_item_id, t.display_name, t.device_id,
                t.gross, t.platform_fee, e.amount
           FROM ledger_entries e JOIN ledger_transactions t ON t.id = e.transaction_id
          WHERE e.statement_id = $1
          ORDER BY e.occurred_at, e.id LIMIT $2`,
        [id, limit],
      );
      return rows.map((r) => ({
        occurredAt: r.occurred_at,
        kind: r.line_kind,
        purchaseId: r.purchase_id,
        marketplaceItemId: r.marketplace_item_id,
        displayName: r.display_name,
        deviceId: r.device_id,
        gross: Number(r.gross),
        platformFee: Number(r.platform_fee),
        share: Number(r.amount),
      }));
    },

    closePeriod: async (tx, period) => {
      await tx.query("SELECT pg_advisory_xact_lock($1, $2)", [PLACEMENT_LOCK, lockMode(period.livemode)]);
      const existing = await tx.query<{ id: string; statement_count: number }>(
        `SELECT id, statement_count FROM statement_batches
          WHERE period_start = $1 AND period_end = $2 AND livemode = $3`,
        [period.start, period.end, period.livemode],
      );
      const found = existing.rows[0];
      if (found) return { batchId: found.id, statementCount: found.statement_count, created: false };
      await tx.query(
        `INSERT INTO statement_batches (id, period_start, period_end, livemode, statement_count, created_by)
         VALUES ($1, $2, $3, $4, 0, $5)`,
        [period.batchId, period.start, period.end, period.livemode, period.by],
      );
      const finalized = await tx.query(
        `UPDATE statements SET status = 'finalized', batch_id = $1, finalized_at = now()
          WHERE status = 'open' AND livemode = $2 AND period_start >= $3 AND period_end <= $4`,
        [period.batchId, period.livemode, period.start, period.end],
      );
      const statementCount = finalized.rowCount ?? 0;
      await tx.query("UPDATE statement_batches SET statement_count = $2 WHERE id = $1", [
        period.batchId,
        statementCount,
      ]);
      return { batchId: period.batchId, statementCount, created: true };
    },

    markPaid: async (tx, id) => {
      const { rows } = await tx.query<{ status: StatementStatus }>(
        "SELECT status FROM statements WHERE id = $1 FOR UPDATE",
        [id],
      );
      const status = rows[0]?.status;
      if (status === "finalized") {
        await tx.query("UPDATE statements SET status = 'paid', paid_at = now() WHERE id = $1", [id]);
        return "paid";
      }
      return status;
    },
  };
}

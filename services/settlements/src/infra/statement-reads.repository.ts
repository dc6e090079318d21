import { paged, pageWindow } from "@mp/db";
import type { StatementRepository } from "../application/statements.ports";
import type { LineKind } from "../domain/movement";
import type { Statement, StatementRole, StatementStatus } from "../domain/statement";
import { type StatementTotalsRow, statementTotalsSql } from "./statement-totals.sql";

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

/** Statements as they are read: a page of them, one, and its lines, each with its totals. */
export function makeStatementReads(): Pick<StatementRepository, "list" | "get" | "lines"> {
  return {
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
  };
}

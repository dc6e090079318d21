import type { StatementRepository } from "../application/statements.ports";
import type { ClosedStatement, StatementRole, StatementStatus } from "../domain/statement";
import { lockMode, PLACEMENT_LOCK } from "./placement-lock.sql";

/** The end of a statement's life: its period closed into a batch, then paid. */
export function makeStatementClosing(): Pick<StatementRepository, "closePeriod" | "markPaid"> {
  return {
    closePeriod: async (tx, period) => {
      await tx.query("SELECT pg_advisory_xact_lock($1, $2)", [PLACEMENT_LOCK, lockMode(period.livemode)]);
      const existing = await tx.query<{ id: string; statement_count: number }>(
        `SELECT id, statement_count FROM statement_batches
          WHERE period_start = $1 AND period_end = $2 AND livemode = $3`,
        [period.start, period.end, period.livemode],
      );
      const found = existing.rows[0];
      if (found)
        return { batchId: found.id, statementCount: found.statement_count, created: false, finalized: [] };
      await tx.query(
        `INSERT INTO statement_batches (id, period_start, period_end, livemode, statement_count, created_by)
         VALUES ($1, $2, $3, $4, 0, $5)`,
        [period.batchId, period.start, period.end, period.livemode, period.by],
      );
      const finalized = await tx.query<ClosedRow>(
        `UPDATE statements SET status = 'finalized', batch_id = $1, finalized_at = now()
          WHERE status = 'open' AND livemode = $2 AND period_start >= $3 AND period_end <= $4
          RETURNING ${CLOSED_COLUMNS}`,
        [period.batchId, period.livemode, period.start, period.end],
      );
      const statementCount = finalized.rowCount ?? 0;
      await tx.query("UPDATE statement_batches SET statement_count = $2 WHERE id = $1", [
        period.batchId,
        statementCount,
      ]);
      return {
        batchId: period.batchId,
        statementCount,
        created: true,
        finalized: finalized.rows.map(toClosed),
      };
    },

    markPaid: async (tx, id) => {
      const { rows } = await tx.query<{ status: StatementStatus }>(
        "SELECT status FROM statements WHERE id = $1 FOR UPDATE",
        [id],
      );
      const status = rows[0]?.status;
      if (status === "finalized") {
        const paid = await tx.query<ClosedRow>(
          `UPDATE statements SET status = 'paid', paid_at = now() WHERE id = $1 RETURNING ${CLOSED_COLUMNS}`,
          [id],
        );
        return { status: "paid", paid: paid.rows.map(toClosed)[0] };
      }
      return status && { status };
    },
  };
}

const CLOSED_COLUMNS =
  "id, organisation_id, role, currency, livemode, period_start, period_end, batch_id, finalized_at, paid_at";

interface ClosedRow {
  id: string;
  organisation_id: string;
  role: StatementRole;
  currency: string;
  livemode: boolean;
  period_start: Date;
  period_end: Date;
  batch_id: string;
  finalized_at: Date;
  paid_at: Date | null;
}

function toClosed(row: ClosedRow): ClosedStatement {
  return {
    id: row.id,
    organisationId: row.organisation_id,
    role: row.role,
    currency: row.currency.trim(),
    livemode: row.livemode,
    periodStart: row.period_start,
    periodEnd: row.period_end,
    batchId: row.batch_id,
    finalizedAt: row.finalized_at,
    paidAt: row.paid_at,
  };
}

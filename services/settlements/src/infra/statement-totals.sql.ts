/**
 * The one SQL definition of a statement's totals (contract section 6), computed from its entries, never
 * stored: for the statement whose id is `statementId` (a SQL expression: a parameter like `$1` or a column
 * like `s.id`, for a LATERAL join), one row of
 * - `gross_sales`: the sum of the movements' gross over lines with gross > 0;
 * - `refunds`: the sum of -gross over lines with gross < 0 (refunds and lost disputes);
 * - `platform_fees`: the sum of the movements' platform fee (reversed fees count negative);
 * - `net`: the sum of the statement party's entry amounts (its share);
 * - `line_count`: the number of lines.
 * Amounts are bigint (pg returns them as strings); an empty statement gives zeros.
 */
export function statementTotalsSql(statementId: string): string {
  return `SELECT
      COALESCE(sum(tt.gross) FILTER (WHERE tt.gross > 0), 0)::bigint AS gross_sales,
      COALESCE(-sum(tt.gross) FILTER (WHERE tt.gross < 0), 0)::bigint AS refunds,
      COALESCE(sum(tt.platform_fee), 0)::bigint AS platform_fees,
      COALESCE(sum(te.amount), 0)::bigint AS net,
      count(*)::int AS line_count
    FROM ledger_entries te
    JOIN ledger_transactions tt ON tt.id = te.transaction_id
    WHERE te.statement_id = ${statementId}`;
}

/** The totals row as pg returns it. */
export interface StatementTotalsRow {
  gross_sales: string;
  refunds: string;
  platform_fees: string;
  net: string;
  line_count: number;
}

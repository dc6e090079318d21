/** Statement periods are UTC calendar months: [first instant of the month, first instant of the next). */
export function monthStart(at: Date): Date {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1));
}

export function addMonths(month: Date, count: number): Date {
  return new Date(Date.UTC(month.getUTCFullYear(), month.getUTCMonth() + count, 1));
}

export const isMonthStart = (at: Date): boolean => monthStart(at).getTime() === at.getTime();

/** A closable period is one or more whole UTC months. */
export function isWholeMonths(start: Date, end: Date): boolean {
  return isMonthStart(start) && isMonthStart(end) && end.getTime() > start.getTime();
}

export interface StatementTotals {
  grossSales: number;
  refunds: number;
  platformFees: number;
  net: number;
}

/**
 * A statement's totals from its lines (the SQL in infra/statement-totals.sql.ts computes the same):
 * grossSales sums the positive grosses, refunds the negated negative ones, platformFees the fees of every
 * line (reversals negative), net the statement party's shares.
 */
export function totalsOf(
  lines: readonly { gross: number; platformFee: number; share: number }[],
): StatementTotals {
  const totals = { grossSales: 0, refunds: 0, platformFees: 0, net: 0 };
  for (const line of lines) {
    if (line.gross > 0) totals.grossSales += line.gross;
    if (line.gross < 0) totals.refunds -= line.gross;
    totals.platformFees += line.platformFee;
    totals.net += line.share;
  }
  return totals;
}

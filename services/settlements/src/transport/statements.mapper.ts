import type { Paged } from "@mp/db";
import type { Statement, StatementLine } from "../domain/statement";

export const toStatementMessage = (s: Statement) => ({
  id: s.id,
  batchId: s.batchId ?? "",
  organisationId: s.organisationId,
  role: s.role,
  currency: s.currency,
  periodStartUtc: s.periodStart.toISOString(),
  periodEndUtc: s.periodEnd.toISOString(),
  status: s.status,
  livemode: s.livemode,
  totals: {
    grossSales: String(s.totals.grossSales),
    refunds: String(s.totals.refunds),
    platformFees: String(s.totals.platformFees),
    net: String(s.totals.net),
  },
  lineCount: s.lineCount,
  createdAt: s.createdAt.toISOString(),
  finalizedAt: s.finalizedAt?.toISOString() ?? "",
  paidAt: s.paidAt?.toISOString() ?? "",
});

export const toLineMessage = (l: StatementLine) => ({
  occurredAt: l.occurredAt.toISOString(),
  kind: l.kind,
  purchaseId: l.purchaseId,
  marketplaceItemId: l.marketplaceItemId,
  displayName: l.displayName,
  deviceId: l.deviceId,
  gross: String(l.gross),
  platformFee: String(l.platformFee),
  share: String(l.share),
});

export const toStatementPage = (page: Paged<Statement>) => ({
  items: page.items.map(toStatementMessage),
  page: page.page,
  pageSize: page.pageSize,
  totalCount: page.totalCount,
  totalPages: page.totalPages,
});

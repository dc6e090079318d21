import type { GetStatementResponse__Output } from "@mp/contracts/generated/marketplace/settlements/v1/GetStatementResponse";
import type { ListStatementsResponse__Output } from "@mp/contracts/generated/marketplace/settlements/v1/ListStatementsResponse";
import type { StatementLineRecord__Output } from "@mp/contracts/generated/marketplace/settlements/v1/StatementLineRecord";
import type { StatementRecord__Output } from "@mp/contracts/generated/marketplace/settlements/v1/StatementRecord";
import type { z } from "zod";
import { isoTimestamp } from "../shared/timestamps";
import type { Statement, StatementLine, StatementPage, StatementWithLines } from "./statements.schemas";

type StatementDto = z.input<typeof Statement>;
type LineDto = z.input<typeof StatementLine>;

const iso = isoTimestamp;
const isoOrNull = (value: string) => (value ? iso(value) : null);

/** int64 arrives as a decimal string; amounts stay integer minor units. */
export const toStatement = (s: StatementRecord__Output): StatementDto => ({
  id: s.id,
  batchId: s.batchId || null,
  organisationId: s.organisationId,
  role: s.role as StatementDto["role"],
  currency: s.currency as StatementDto["currency"],
  periodStartUtc: iso(s.periodStartUtc),
  periodEndUtc: iso(s.periodEndUtc),
  status: s.status as StatementDto["status"],
  livemode: s.livemode,
  totals: {
    grossSales: Number(s.totals?.grossSales ?? 0),
    refunds: Number(s.totals?.refunds ?? 0),
    platformFees: Number(s.totals?.platformFees ?? 0),
    net: Number(s.totals?.net ?? 0),
  },
  lineCount: s.lineCount,
  createdAt: iso(s.createdAt),
  finalizedAt: isoOrNull(s.finalizedAt),
  paidAt: isoOrNull(s.paidAt),
});

const toLine = (l: StatementLineRecord__Output): LineDto => ({
  occurredAt: iso(l.occurredAt),
  kind: l.kind as LineDto["kind"],
  purchaseId: l.purchaseId,
  marketplaceItemId: l.marketplaceItemId,
  displayName: l.displayName,
  deviceId: l.deviceId,
  gross: Number(l.gross),
  platformFee: Number(l.platformFee),
  share: Number(l.share),
});

export const toStatementPage = (r: ListStatementsResponse__Output): z.input<typeof StatementPage> => ({
  items: r.items.map(toStatement),
  page: r.page,
  pageSize: r.pageSize,
  totalCount: r.totalCount,
  totalPages: r.totalPages,
});

export function toStatementWithLines(r: GetStatementResponse__Output): z.input<typeof StatementWithLines> {
  if (!r.statement) throw new Error("GetStatement answered without a statement");
  return { ...toStatement(r.statement), lines: r.lines.map(toLine) };
}

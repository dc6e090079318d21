import type { LineKind } from "./movement";
import type { StatementTotals } from "./statement-period";

export type StatementRole = "developer" | "provider";
/** open -> finalized (its period closed) -> paid. */
export type StatementStatus = "open" | "finalized" | "paid";

/** A statement per organisation, role, currency and mode, and month. */
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

/** A statement as its period's closing or its payment left it: what the lifecycle events announce. */
export interface ClosedStatement extends StatementKey {
  id: string;
  batchId: string;
  periodStart: Date;
  periodEnd: Date;
  finalizedAt: Date;
  paidAt: Date | null;
}

/** One entry of a statement, with what its movement repeats of the purchase. */
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

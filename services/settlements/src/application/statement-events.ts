import { appendToOutbox, newEvent } from "@mp/bus";
import { type StatementLifecycleV1, statementClosedV1, statementPaidV1 } from "@mp/contracts";
import type { Queryable } from "@mp/db";
import type { ClosedStatement } from "../domain/statement";

/** `settlements.statement.closed.v1` / `.paid.v1` of a statement, appended to the outbox in `tx`. */
export async function announceStatement(
  tx: Queryable,
  step: "closed" | "paid",
  statement: ClosedStatement,
): Promise<void> {
  const at = step === "paid" ? (statement.paidAt ?? new Date()) : statement.finalizedAt;
  const data: StatementLifecycleV1 = {
    statementId: statement.id,
    organisationId: statement.organisationId,
    role: statement.role,
    currency: statement.currency as StatementLifecycleV1["currency"],
    livemode: statement.livemode,
    periodStartUtc: statement.periodStart.toISOString(),
    periodEndUtc: statement.periodEnd.toISOString(),
    batchId: statement.batchId,
    status: step === "paid" ? "paid" : "finalized",
    occurredAt: at.toISOString(),
    version: step === "paid" ? 2 : 1,
  };
  const type = step === "paid" ? statementPaidV1.type : statementClosedV1.type;
  await appendToOutbox(tx, newEvent(type, "settlements", data, at));
}

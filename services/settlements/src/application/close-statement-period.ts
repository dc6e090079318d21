import { withTransaction } from "@mp/db";
import type { FieldErrors } from "@mp/errors";
import type { CallContext } from "@mp/grpc";
import { isWholeMonths } from "../domain/statement-period";
import { requirePlatformOperator } from "./platform-operator";
import { announceStatement } from "./statement-events";
import { instant, rejectIfAny, type StatementsDeps } from "./statement-requests";

/**
 * Closes a period (the platform operator only): every open statement of the mode whose month lies in [start, end) is finalized
 * into one batch. The period must be whole UTC months. The same period again returns the same batch.
 */
export function makeCloseStatementPeriod(deps: StatementsDeps) {
  return async (
    raw: { periodStartUtc: string; periodEndUtc: string; livemode: boolean },
    ctx: CallContext,
  ): Promise<{ batchId: string; statementCount: number }> => {
    const caller = requirePlatformOperator(ctx, deps.operatorOrganisationId);
    const errors: FieldErrors = {};
    const start = instant(raw.periodStartUtc, "body.periodStartUtc", errors);
    const end = instant(raw.periodEndUtc, "body.periodEndUtc", errors);
    if (!start) errors["body.periodStartUtc"] ??= ["is required"];
    if (!end) errors["body.periodEndUtc"] ??= ["is required"];
    rejectIfAny(errors);
    if (!start || !end) return { batchId: "", statementCount: 0 };
    if (!isWholeMonths(start, end))
      rejectIfAny({
        body: [
          "the period must be one or more whole UTC calendar months: both ends at 00:00Z on the 1st, end after start",
        ],
      });
    // Each statement finalized here is announced in the same transaction (webhooks' statement.closed).
    const closed = await withTransaction(deps.pool, async (tx) => {
      const result = await deps.statements.closePeriod(tx, {
        start,
        end,
        livemode: raw.livemode,
        by: caller.subject,
        batchId: deps.ids.next(),
      });
      for (const statement of result.finalized) await announceStatement(tx, "closed", statement);
      return result;
    });
    return { batchId: closed.batchId, statementCount: closed.statementCount };
  };
}

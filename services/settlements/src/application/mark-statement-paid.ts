import { withTransaction } from "@mp/db";
import { ConflictError, NotFoundError } from "@mp/errors";
import type { CallContext } from "@mp/grpc";
import type { Statement } from "../domain/statement";
import { requirePlatformOperator } from "./platform-operator";
import { announceStatement } from "./statement-events";
import { isGuid, rejectIfAny, type StatementsDeps } from "./statement-requests";

/**
 * Marks a finalized statement paid (the platform operator only, for any organisation). An open statement
 * is 409 invalid-state; a paid one is answered as it is (200, `paidAt` unchanged), so a retried call is
 * harmless.
 */
export function makeMarkStatementPaid(deps: StatementsDeps) {
  return async (raw: { statementId: string }, ctx: CallContext): Promise<Statement> => {
    requirePlatformOperator(ctx, deps.operatorOrganisationId);
    if (!isGuid(raw.statementId)) rejectIfAny({ "path.id": ["must be a guid"] });
    const id = raw.statementId.toLowerCase();
    // A statement this call paid is announced in the same transaction (webhooks' statement.paid).
    const status = await withTransaction(deps.pool, async (tx) => {
      const found = await deps.statements.markPaid(tx, id);
      if (found?.paid) await announceStatement(tx, "paid", found.paid);
      return found?.status;
    });
    if (!status) throw new NotFoundError("Statement");
    if (status === "open")
      throw new ConflictError("invalid-state", "Only a finalized statement can be marked paid; it is open.", {
        extensions: { state: "open" },
      });
    const statement = await deps.statements.get(deps.pool, id);
    if (!statement) throw new NotFoundError("Statement");
    return statement;
  };
}

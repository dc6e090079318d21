import { parsePageQuery, type RawPageQuery } from "@mp/db";
import { type FieldErrors, ForbiddenError, NotFoundError } from "@mp/errors";
import { type CallContext, requirePrincipal } from "@mp/grpc";
import { isPlatformOperator } from "../domain/platform-operator";
import type { Statement, StatementLine, StatementRole, StatementStatus } from "../domain/statement";
import { instant, isGuid, rejectIfAny, type StatementsDeps } from "./statement-requests";
import type { StatementFilter, StatementOrder } from "./statements.ports";

const ORDERS: readonly StatementOrder[] = ["createdAt", "periodStartUtc"];
const CURRENCY = /^[A-Z]{3}$/;
/** Lines a statement read carries; the CSV export has all. */
export const STATEMENT_LINES_SHOWN = 1000;

/** As the RPC carries them: empty strings are absent, `role`/`status` `any` means every value. */
export interface RawStatementQuery extends RawPageQuery {
  periodStartUtc: string;
  periodEndUtc: string;
  currency: string;
  role: string;
  status: string;
  organisationId: string;
  batchId: string;
  livemode?: boolean | undefined;
}

/**
 * Statements, newest first by default. Anyone but the platform operator sees only their own
 * organisation's (another `organisationId` -> 403 forbidden, admins of other organisations included);
 * the operator sees every organisation's, or one when it names it.
 */
export function makeListStatements(deps: StatementsDeps) {
  return async (raw: RawStatementQuery, ctx: CallContext) => {
    const caller = requirePrincipal(ctx);
    const operator = isPlatformOperator(caller, deps.operatorOrganisationId);
    const errors: FieldErrors = {};
    const filter: StatementFilter = {};
    const start = instant(raw.periodStartUtc, "query.periodStartUtc", errors);
    const end = instant(raw.periodEndUtc, "query.periodEndUtc", errors);
    if (start) filter.periodStartFrom = start;
    if (end) filter.periodEndTo = end;
    if (raw.currency) {
      if (CURRENCY.test(raw.currency)) filter.currency = raw.currency;
      else errors["query.currency"] = ["must be an ISO 4217 code"];
    }
    if (raw.role === "developer" || raw.role === "provider") filter.role = raw.role as StatementRole;
    else if (raw.role !== "any") errors["query.role"] = ["must be developer, provider or any"];
    if (raw.status === "open" || raw.status === "finalized" || raw.status === "paid")
      filter.status = raw.status as StatementStatus;
    else if (raw.status !== "any") errors["query.status"] = ["must be open, finalized, paid or any"];
    if (raw.batchId) {
      if (isGuid(raw.batchId)) filter.batchId = raw.batchId.toLowerCase();
      else errors["query.batchId"] = ["must be a guid"];
    }
    if (raw.organisationId && !isGuid(raw.organisationId))
      errors["query.organisationId"] = ["must be a guid"];
    if (raw.livemode !== undefined) filter.livemode = raw.livemode;
    rejectIfAny(errors);
    const page = parsePageQuery(raw, ORDERS);
    const own = caller.organisationId.toLowerCase();
    const asked = raw.organisationId ? raw.organisationId.toLowerCase() : undefined;
    if (!operator && asked && asked !== own)
      throw new ForbiddenError("Only the platform operator may read another organisation's statements.");
    if (asked) filter.organisationId = asked;
    else if (!operator) filter.organisationId = own;
    return deps.statements.list(deps.pool, filter, page);
  };
}

/**
 * One statement with its first lines. Callers read only their own organisation's (another's is not
 * found, whatever their roles); the platform operator, who closes periods and pays statements, reads
 * every organisation's. The organisation is part of the query, so a foreign statement is never read.
 */
export function makeGetStatement(deps: StatementsDeps) {
  return async (
    raw: { statementId: string },
    ctx: CallContext,
  ): Promise<{ statement: Statement; lines: StatementLine[] }> => {
    const caller = requirePrincipal(ctx);
    if (!isGuid(raw.statementId)) rejectIfAny({ "path.statementId": ["must be a guid"] });
    const id = raw.statementId.toLowerCase();
    const operator = isPlatformOperator(caller, deps.operatorOrganisationId);
    const statement = await deps.statements.get(
      deps.pool,
      id,
      operator ? undefined : caller.organisationId.toLowerCase(),
    );
    if (!statement) throw new NotFoundError("Statement");
    return { statement, lines: await deps.statements.lines(deps.pool, id, STATEMENT_LINES_SHOWN) };
  };
}

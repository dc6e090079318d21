import { type Pool, parsePageQuery, type RawPageQuery, withTransaction } from "@mp/db";
import { ConflictError, type FieldErrors, ForbiddenError, NotFoundError, ValidationError } from "@mp/errors";
import { type CallContext, requirePrincipal } from "@mp/grpc";
import { isPlatformOperator } from "../domain/platform-operator";
import { isWholeMonths } from "../domain/statement-period";
import type {
  Statement,
  StatementFilter,
  StatementLine,
  StatementOrder,
  StatementRepository,
  StatementRole,
  StatementStatus,
} from "../infra/statements.repository";
import { requirePlatformOperator } from "./platform-operator";

const ORDERS: readonly StatementOrder[] = ["createdAt", "periodStartUtc"];
const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const CURRENCY = /^[A-Z]{3}$/;
/** Lines a statement read carries; the CSV export has all. */
export const STATEMENT_LINES_SHOWN = 1000;

export interface StatementsDeps {
  pool: Pool;
  statements: StatementRepository;
  ids: { next(): string };
  /** `PLATFORM_ORGANISATION_ID`: its admins are the platform operator (undefined: no one is). */
  operatorOrganisationId: string | undefined;
}

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

function rejectIfAny(errors: FieldErrors): void {
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
}

function instant(value: string, field: string, errors: FieldErrors): Date | undefined {
  if (!value) return undefined;
  const at = new Date(value);
  if (Number.isNaN(at.getTime())) errors[field] = ["must be an ISO 8601 date-time"];
  return at;
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
      if (GUID.test(raw.batchId)) filter.batchId = raw.batchId.toLowerCase();
      else errors["query.batchId"] = ["must be a guid"];
    }
    if (raw.organisationId && !GUID.test(raw.organisationId))
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
    if (!GUID.test(raw.statementId)) rejectIfAny({ "path.statementId": ["must be a guid"] });
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
    const closed = await withTransaction(deps.pool, (tx) =>
      deps.statements.closePeriod(tx, {
        start,
        end,
        livemode: raw.livemode,
        by: caller.subject,
        batchId: deps.ids.next(),
      }),
    );
    return { batchId: closed.batchId, statementCount: closed.statementCount };
  };
}

/**
 * Marks a finalized statement paid (the platform operator only, for any organisation). An open statement
 * is 409 invalid-state; a paid one is answered as it is (200, `paidAt` unchanged), so a retried call is
 * harmless.
 */
export function makeMarkStatementPaid(deps: StatementsDeps) {
  return async (raw: { statementId: string }, ctx: CallContext): Promise<Statement> => {
    requirePlatformOperator(ctx, deps.operatorOrganisationId);
    if (!GUID.test(raw.statementId)) rejectIfAny({ "path.id": ["must be a guid"] });
    const id = raw.statementId.toLowerCase();
    const status = await withTransaction(deps.pool, (tx) => deps.statements.markPaid(tx, id));
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

import type { StatementsClient } from "../../clients";
import { callUpstream, responses, routeOptions, type ZodApp } from "../route-kit";
import { toStatement, toStatementPage, toStatementWithLines } from "./statements.mapper";
import {
  Batch,
  BatchBody,
  PaidParams,
  Statement,
  StatementPage,
  StatementParams,
  StatementsQuery,
  StatementWithLines,
} from "./statements.schemas";

const SCOPE =
  "Callers see only their own organisation's statements; asking for another `organisationId` is 403, admins of other organisations included. The platform operator (`admin` in the organisation settlements' `PLATFORM_ORGANISATION_ID` names) lists every organisation's.";

/** Settlement statements over the settlements service, and period closing and paying (the platform operator). */
export function statementsRoutes(app: ZodApp, deps: { statements: StatementsClient }): void {
  const tags = ["Statements"];
  const route = (access: "authenticated" | "admin") => routeOptions(access, tags);
  const call = deps.statements.call.bind(deps.statements);
  app.get(
    "/marketplace/earnings/statements",
    route("authenticated")(
      "listStatements",
      "List settlement statements",
      `Statements, newest first by default; \`role\` and \`status\` are required (\`any\` for every value). Totals are in minor units of the statement's currency. ${SCOPE}`,
      { querystring: StatementsQuery, response: responses({ 200: StatementPage }) },
    ),
    async (request) => {
      const q = request.query;
      return toStatementPage(
        await callUpstream(request, (ctx) =>
          call(
            "listStatements",
            {
              periodStartUtc: q.periodStartUtc ?? "",
              periodEndUtc: q.periodEndUtc ?? "",
              currency: q.currency ?? "",
              role: q.role,
              status: q.status,
              organisationId: q.organisationId ?? "",
              batchId: q.batchId ?? "",
              ...(q.livemode === undefined ? {} : { livemode: q.livemode }),
              page: q.page,
              pageSize: q.pageSize,
              orderBy: q.orderBy,
              direction: q.direction,
            },
            ctx,
          ),
        ),
      );
    },
  );
  app.get(
    "/marketplace/earnings/statements/:statementId",
    route("authenticated")(
      "getStatement",
      "Read a statement with its lines",
      `The statement and its first 1000 lines by \`occurredAt\` (the CSV export has all). A line's \`gross\` and \`platformFee\` are its movement's (negative for a refund or lost dispute), \`share\` the statement party's; \`adjustment\` lines are movements of an already closed month. Another organisation's statement is a 404 for non-admins; the marketplace admin, who closes periods and pays statements, reads every organisation's.`,
      { params: StatementParams, response: responses({ 200: StatementWithLines }, { notFound: true }) },
    ),
    async (request) =>
      toStatementWithLines(
        await callUpstream(request, (ctx) =>
          call("getStatement", { statementId: request.params.statementId }, ctx),
        ),
      ),
  );
  app.post(
    "/marketplace/earnings/statements/batches",
    route("admin")(
      "closeStatementPeriod",
      "Close a period into a batch of finalized statements",
      "The platform operator only (`admin` in the platform's organisation; any other admin gets 403). Finalizes every open statement of `livemode` whose month lies in `[periodStartUtc, periodEndUtc)` into one batch; finalized statements never change again, and later ledger entries for their months land in the next open statement as `adjustment` lines. The period must be whole UTC calendar months (both ends at 00:00Z on the 1st), else 400. Running the same close twice returns the same batch and creates no second one.",
      { body: BatchBody, response: responses({ 200: Batch }, { body: true }) },
    ),
    async (request) => callUpstream(request, (ctx) => call("closeStatementPeriod", request.body, ctx)),
  );
  app.post(
    "/marketplace/earnings/statements/:id/paid",
    route("admin")(
      "markStatementPaid",
      "Mark a finalized statement paid",
      "The platform operator only (`admin` in the platform's organisation, for any organisation's statement; any other admin gets 403). finalized -> paid. An open statement is 409 `invalid-state`; marking a paid statement paid again answers 200 with the statement unchanged (`paidAt` keeps its first value).",
      {
        params: PaidParams,
        response: responses({ 200: Statement }, { notFound: true, conflicts: ["invalid-state"] }),
      },
    ),
    async (request) =>
      toStatement(
        await callUpstream(request, (ctx) =>
          call("markStatementPaid", { statementId: request.params.id }, ctx),
        ),
      ),
  );
}

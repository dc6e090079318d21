import { declarePending, responses, type ZodApp } from "../route-kit";
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
  "Non-admins see only their own organisation's statements; a non-admin asking for another `organisationId` gets 403.";

/** Settlement statements, their exports, and period closing (not built yet). */
export function statementsRoutes(app: ZodApp): void {
  const tags = ["Statements"];
  declarePending(app, {
    method: "GET",
    url: "/marketplace/earnings/statements",
    access: "authenticated",
    operationId: "listStatements",
    tags,
    summary: "List settlement statements",
    description: SCOPE,
    querystring: StatementsQuery,
    response: responses({ 200: StatementPage }, { pending: true }),
  });
  declarePending(app, {
    method: "GET",
    url: "/marketplace/earnings/statements/:statementId",
    access: "authenticated",
    operationId: "getStatement",
    tags,
    summary: "Read a statement with its lines",
    description: SCOPE,
    params: StatementParams,
    response: responses({ 200: StatementWithLines }, { notFound: true, pending: true }),
  });
  // The two exports (export.csv, export.pdf) are built in ../earnings/statement-exports.routes.ts.
  declarePending(app, {
    method: "POST",
    url: "/marketplace/earnings/statements/batches",
    access: "admin",
    operationId: "closeStatementPeriod",
    tags,
    summary: "Close a period into a batch of finalized statements",
    description: "Admin only. Running it twice creates no second batch.",
    body: BatchBody,
    response: responses({ 200: Batch }, { body: true, pending: true }),
  });
  declarePending(app, {
    method: "POST",
    url: "/marketplace/earnings/statements/:id/paid",
    access: "admin",
    operationId: "markStatementPaid",
    tags,
    summary: "Mark a finalized statement paid",
    description: "Admin only.",
    params: PaidParams,
    response: responses({ 200: Statement }, { notFound: true, conflicts: ["invalid-state"], pending: true }),
  });
}

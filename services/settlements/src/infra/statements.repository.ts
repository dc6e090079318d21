import type { StatementRepository } from "../application/statements.ports";
import { makeStatementClosing } from "./statement-closing.repository";
import { makeStatementPlacement } from "./statement-placement.repository";
import { makeStatementReads } from "./statement-reads.repository";

/** The statements of the ledger: where entries land, how statements read, and how they close. */
export function makeStatementRepository(): StatementRepository {
  return { ...makeStatementPlacement(), ...makeStatementReads(), ...makeStatementClosing() };
}

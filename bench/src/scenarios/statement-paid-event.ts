import { appendToOutbox, newEvent } from "@mp/bus";
import { statementPaidV1 } from "@mp/contracts";
import { DEMO_ORGANISATIONS } from "@mp/local/demo";
import type pg from "pg";
import { v7 as uuidv7 } from "uuid";

/**
 * Commits one `settlements.statement.paid.v1` for the demo provider into settlements' outbox (one
 * autocommitted statement, as settlements' own transaction would append it) and returns its event id.
 * Only webhooks consumes it, so webhook scenarios load no other read model. `db` has search_path settlements.
 */
export async function commitStatementPaid(db: pg.Pool): Promise<string> {
  const at = new Date();
  const event = newEvent(
    statementPaidV1.type,
    "settlements",
    {
      statementId: uuidv7(),
      organisationId: DEMO_ORGANISATIONS.provider.id,
      role: "provider",
      currency: "EUR",
      livemode: false,
      periodStartUtc: "2026-10-01T00:00:00.000Z",
      periodEndUtc: "2026-11-01T00:00:00.000Z",
      batchId: uuidv7(),
      status: "paid",
      occurredAt: at.toISOString(),
      version: 2,
    },
    at,
  );
  await appendToOutbox(db, event);
  return event.id;
}

import { z } from "zod";
import { CURRENCY_CODES } from "../currencies";

/**
 * What `settlements.statement.closed.v1` and `.paid.v1` carry: the statement's key, its period and its
 * state after the change. `version` is the step of the statement's closing life: 1 when its period closed
 * (finalized into `batchId`), 2 when it was marked paid; a consumer applies a step only when newer.
 */
export const statementLifecycle = z.object({
  statementId: z.uuid(),
  organisationId: z.uuid(),
  role: z.enum(["developer", "provider"]),
  currency: z.enum(CURRENCY_CODES),
  livemode: z.boolean(),
  periodStartUtc: z.iso.datetime(),
  periodEndUtc: z.iso.datetime(),
  batchId: z.uuid(),
  status: z.enum(["finalized", "paid"]),
  occurredAt: z.iso.datetime(),
  version: z.union([z.literal(1), z.literal(2)]),
});
export type StatementLifecycleV1 = z.infer<typeof statementLifecycle>;

/** A statement's period was closed: the statement is finalized into a batch and never changes again. */
export const statementClosedV1 = {
  type: "settlements.statement.closed.v1",
  stream: "SETTLEMENTS",
  data: statementLifecycle,
} as const;

/** A finalized statement was marked paid by the platform operator. */
export const statementPaidV1 = {
  type: "settlements.statement.paid.v1",
  stream: "SETTLEMENTS",
  data: statementLifecycle,
} as const;

export const STATEMENT_LIFECYCLE_EVENTS = [statementClosedV1, statementPaidV1] as const;

import { type Pool, type PoolClient, withTransaction } from "@mp/db";
import type { Logger } from "@mp/logger";
import type { JsMsg } from "@nats-io/jetstream";
import { type Counter, context } from "@opentelemetry/api";
import type { ZodType } from "zod";
import { recordDeadLetter } from "./dead-letters";
import { type EventEnvelope, envelopeIdOf, parseEnvelope } from "./envelope";
import { retryDecision } from "./retry-policy";
import { contextFromHeaders } from "./trace-context";

export interface ConsumerStats {
  /** Events whose handler ran and committed. */
  handled: number;
  /** Deliveries skipped because the inbox already held the event. */
  duplicates: number;
  /** Failed deliveries handed back for a later retry. */
  retried: number;
  /** Events given up on and written to `dead_letters`. */
  deadLettered: number;
}

export interface MessageContext<T> {
  pool: Pool;
  log: Logger;
  /** The durable name; it keys the inbox and the dead letters. */
  consumer: string;
  maxDeliver: number;
  backoffMs: readonly number[];
  schema: ZodType<T> | undefined;
  handle: (event: EventEnvelope<T>, client: PoolClient) => Promise<void>;
  stats: ConsumerStats;
  deadLetterCounter: Counter;
}

/**
 * Apply one delivery exactly once in effect: the inbox row and the handler's writes commit together, and
 * the ack is sent only after that commit, so a crash anywhere leads to a redelivery that the inbox turns
 * into a no-op. Never throws; every path ends in ack, nak or term.
 */
export async function processMessage<T>(ctx: MessageContext<T>, msg: JsMsg): Promise<void> {
  const body = msg.string();
  const attempts = msg.info.deliveryCount;
  let event: EventEnvelope<T>;
  try {
    event = parseEnvelope(body, ctx.schema);
  } catch (error) {
    await deadLetter(ctx, msg, body, envelopeIdOf(body), error);
    return;
  }
  try {
    const outcome = await context.with(contextFromHeaders(msg.headers), () => handleOnce(ctx, event));
    ctx.stats[outcome === "duplicate" ? "duplicates" : "handled"]++;
    msg.ack();
  } catch (error) {
    const decision = retryDecision(attempts, ctx.maxDeliver, ctx.backoffMs);
    if (decision.action === "dead-letter") {
      await deadLetter(ctx, msg, body, event.id, error);
      return;
    }
    ctx.stats.retried++;
    ctx.log.warn(
      { err: error, eventId: event.id, eventType: event.type, attempts, retryInMs: decision.delayMs },
      "event handler failed; will retry",
    );
    msg.nak(decision.delayMs);
  }
}

async function handleOnce<T>(
  ctx: MessageContext<T>,
  event: EventEnvelope<T>,
): Promise<"handled" | "duplicate"> {
  return withTransaction(ctx.pool, async (client) => {
    const inserted = await client.query(
      "INSERT INTO inbox (consumer, event_id) VALUES ($1, $2) ON CONFLICT DO NOTHING",
      [ctx.consumer, event.id],
    );
    if (inserted.rowCount === 0) return "duplicate";
    await ctx.handle(event, client);
    return "handled";
  });
}

async function deadLetter<T>(
  ctx: MessageContext<T>,
  msg: JsMsg,
  body: string,
  eventId: string | undefined,
  error: unknown,
): Promise<void> {
  const attempts = msg.info.deliveryCount;
  try {
    await recordDeadLetter(ctx.pool, {
      consumer: ctx.consumer,
      eventId,
      subject: msg.subject,
      body,
      error: describe(error),
      attempts,
    });
  } catch (recordError) {
    // Without its dead letter the message must not be dropped: hand it back and try again later.
    const delayMs = ctx.backoffMs[ctx.backoffMs.length - 1] ?? 0;
    ctx.log.error({ err: recordError, eventId, retryInMs: delayMs }, "could not record a dead letter");
    msg.nak(delayMs);
    return;
  }
  ctx.stats.deadLettered++;
  ctx.deadLetterCounter.add(1, { consumer: ctx.consumer });
  ctx.log.error(
    { err: error, eventId, subject: msg.subject, consumer: ctx.consumer, attempts },
    "event dead-lettered",
  );
  msg.term();
}

function describe(error: unknown): string {
  if (error instanceof Error) return error.stack ?? `${error.name}: ${error.message}`;
  return String(error);
}

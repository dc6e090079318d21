import { type Pool, type PoolClient, withTransaction } from "@mp/db";
import type { Logger } from "@mp/logger";
import type { JsMsg } from "@nats-io/jetstream";
import { type Attributes, context, type Span, SpanKind, trace } from "@opentelemetry/api";
import type { ZodType } from "zod";
import { recordDeadLetter } from "./dead-letters";
import { type EventEnvelope, envelopeIdOf, parseEnvelope } from "./envelope";
import type { ConsumerCounters } from "./metrics";
import { retryDecision } from "./retry-policy";
import { busTracer, contextFromHeaders, failSpan, messagingAttributes } from "./trace-context";

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
  /** The logical consumer name; it keys the inbox and the dead letters. */
  consumer: string;
  maxDeliver: number;
  backoffMs: readonly number[];
  schema: ZodType<T> | undefined;
  handle: (event: EventEnvelope<T>, client: PoolClient) => Promise<void>;
  stats: ConsumerStats;
  counters: ConsumerCounters;
  /** Labels of every metric this consumer records. */
  labels: Attributes;
}

/**
 * Apply one delivery exactly once in effect: the inbox row and the handler's writes commit together, and
 * the ack is sent only after that commit, so a crash anywhere leads to a redelivery that the inbox turns
 * into a no-op. Never throws; every path ends in ack, nak or term. The work is a consumer span, a child
 * of the relay's producer span whose context the message headers carry, so the handler's own spans and
 * logs belong to the trace of the request that caused the event.
 */
export async function processMessage<T>(ctx: MessageContext<T>, msg: JsMsg): Promise<void> {
  const parent = contextFromHeaders(msg.headers);
  const span = busTracer().startSpan(
    `process ${msg.subject}`,
    {
      kind: SpanKind.CONSUMER,
      attributes: {
        ...messagingAttributes(msg.subject, msg.headers?.get("Nats-Msg-Id") || undefined),
        "messaging.operation.type": "process",
        "messaging.consumer.group.name": ctx.consumer,
        "messaging.nats.delivery_count": msg.info.deliveryCount,
      },
    },
    parent,
  );
  try {
    await context.with(trace.setSpan(parent, span), () => processInSpan(ctx, msg, span));
  } finally {
    span.end();
  }
}

async function processInSpan<T>(ctx: MessageContext<T>, msg: JsMsg, span: Span): Promise<void> {
  const body = msg.string();
  const attempts = msg.info.deliveryCount;
  let event: EventEnvelope<T>;
  try {
    event = parseEnvelope(body, ctx.schema);
  } catch (error) {
    failSpan(span, error);
    await deadLetter(ctx, msg, body, envelopeIdOf(body), error);
    return;
  }
  try {
    const outcome = await handleOnce(ctx, event);
    span.setAttribute("bus.outcome", outcome);
    if (outcome === "duplicate") {
      ctx.stats.duplicates++;
      ctx.counters.duplicates.add(1, ctx.labels);
    } else {
      ctx.stats.handled++;
      ctx.counters.handled.add(1, ctx.labels);
    }
    msg.ack();
  } catch (error) {
    failSpan(span, error);
    const decision = retryDecision(attempts, ctx.maxDeliver, ctx.backoffMs);
    if (decision.action === "dead-letter") {
      span.setAttribute("bus.outcome", "dead-letter");
      await deadLetter(ctx, msg, body, event.id, error);
      return;
    }
    span.setAttribute("bus.outcome", "retry");
    ctx.stats.retried++;
    ctx.counters.retried.add(1, ctx.labels);
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
  ctx.counters.deadLettered.add(1, ctx.labels);
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

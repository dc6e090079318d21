import { named, type Pool, type PoolClient, withTransaction } from "@mp/db";
import type { Logger } from "@mp/logger";
import type { JsMsg } from "@nats-io/jetstream";
import { type Attributes, type Context, context, type Span, SpanKind, trace } from "@opentelemetry/api";
import type { ZodType } from "zod";
import { recordDeadLetter } from "./dead-letters";
import { type EventEnvelope, envelopeIdOf, parseEnvelope } from "./envelope";
import type { ConsumerCounters } from "./metrics";
import { retryDecision } from "./retry-policy";
import { type SubjectOwner, UntrustedEventError, untrustedReason } from "./source-check";
import { busTracer, contextFromHeaders, failSpan, messagingAttributes, unsampled } from "./trace-context";

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

/**
 * The transaction a handler runs in, the same for every event of a batch: lets a handler gather what
 * several events write and write it once.
 */
export interface HandlerTransaction {
  /**
   * Runs `task` in the transaction after the last event's handler returned, before the commit (tasks in
   * the order given). A task that throws fails the transaction as a handler that throws does: a batch is
   * then rolled back and its events applied one by one.
   */
  beforeCommit(task: () => Promise<void>): void;
}

/** An event to apply, with the context of its process span when it has one (the handler's spans join it). */
export interface EventToApply<T> {
  event: EventEnvelope<T>;
  active?: Context;
}

/**
 * Applies `events` in one transaction as a consumer does: the inbox rows of all of them in one named
 * statement (a duplicate's handler is not run, nor a second copy's within the batch), then each new
 * event's handler, one after another, then the `beforeCommit` tasks, then the commit. Throws, after the
 * rollback, whatever a handler or the database threw.
 */
export async function applyInTransaction<T>(
  pool: Pool,
  consumer: string,
  events: ReadonlyArray<EventToApply<T>>,
  handle: (event: EventEnvelope<T>, client: PoolClient, transaction: HandlerTransaction) => Promise<void>,
): Promise<Array<"handled" | "duplicate">> {
  return withTransaction(pool, async (client) => {
    const inbox = await client.query<{ event_id: string }>(
      named(INBOX_INSERT, [consumer, events.map(({ event }) => event.id)]),
    );
    const fresh = new Set(inbox.rows.map((row) => row.event_id));
    const tasks: Array<() => Promise<void>> = [];
    const transaction: HandlerTransaction = { beforeCommit: (task) => void tasks.push(task) };
    const done: Array<"handled" | "duplicate"> = [];
    for (const { event, active } of events) {
      // A redelivery of an event already in this batch is a duplicate too: the first copy applies it.
      if (!fresh.delete(event.id.toLowerCase())) {
        done.push("duplicate");
        continue;
      }
      const apply = () => handle(event, client, transaction);
      await (active ? context.with(active, apply) : apply());
      done.push("handled");
    }
    for (const task of tasks) await task();
    return done;
  });
}

export interface MessageContext<T> {
  pool: Pool;
  log: Logger;
  /** The logical consumer name; it keys the inbox and the dead letters. */
  consumer: string;
  maxDeliver: number;
  backoffMs: readonly number[];
  schema: ZodType<T> | undefined;
  /**
   * Applies events with their inbox rows, each once in effect, and answers each one's outcome in order:
   * {@link applyInTransaction} with the consumer's handler, or `applyProjection` for a projecting one.
   */
  apply: (events: ReadonlyArray<EventToApply<T>>) => Promise<Array<"handled" | "duplicate">>;
  /** Told of each failed delivery applied alone, after its rollback (see `ConsumerOptions.onFailure`). */
  onFailure: ((event: EventEnvelope<T>, error: unknown) => Promise<void>) | undefined;
  /**
   * When set, an event whose `source` is not the owner of its subject is dead-lettered unhandled (see
   * `untrustedReason`); `namespace` is stripped from message subjects first.
   */
  trust: { ownerOf: SubjectOwner; namespace: string } | undefined;
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
  const { span, active } = startProcessSpan(ctx, msg);
  try {
    await context.with(active, () => processInSpan(ctx, msg, span));
  } finally {
    span.end();
  }
}

/**
 * The consumer span of one delivery, a child of the producer span its headers carry; none when that one is
 * not sampled (see `unsampled`): the producer's context is then the active one, and the span returned is
 * its non-recording stand-in, on which attributes and `end` do nothing.
 */
function startProcessSpan<T>(ctx: MessageContext<T>, msg: JsMsg): { span: Span; active: Context } {
  const parent = contextFromHeaders(msg.headers);
  if (unsampled(parent)) return { span: trace.getSpan(parent) as Span, active: parent };
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
  return { span, active: trace.setSpan(parent, span) };
}

/**
 * Apply several deliveries in one transaction: the inbox rows of all its events in one statement, then
 * the handler of each new one in delivery order, then one commit, then the acks (a projecting consumer:
 * the inbox and projection rows in one statement, see `Projection`). The
 * result is the same as {@link processMessage} applied to each in turn (each event at most once in effect,
 * acked only after its writes committed); what is saved is a transaction, a commit (a WAL flush) and three
 * round trips per event after the first.
 *
 * Should anything in the batch fail (a handler, a deadlock, the connection), the whole transaction rolls
 * back and every message of the batch goes through {@link processMessage} on its own, so a failing event
 * is retried or dead-lettered by itself and never holds back the others. Messages whose envelope cannot
 * be read are dead-lettered at once, as alone. Never throws.
 */
export async function processBatch<T>(ctx: MessageContext<T>, msgs: readonly JsMsg[]): Promise<void> {
  const readable: Array<{ msg: JsMsg; event: EventEnvelope<T> }> = [];
  for (const msg of msgs) {
    let event: EventEnvelope<T>;
    try {
      event = parseEnvelope(msg.string(), ctx.schema);
    } catch {
      // The single path dead-letters it with its span and error, exactly as without batching.
      await processMessage(ctx, msg);
      continue;
    }
    if (distrust(ctx, msg, event)) {
      await processMessage(ctx, msg);
      continue;
    }
    readable.push({ msg, event });
  }
  if (readable.length === 0) return;
  if (readable.length === 1) {
    await processMessage(ctx, (readable[0] as { msg: JsMsg }).msg);
    return;
  }
  const spans = readable.map(({ msg }) => startProcessSpan(ctx, msg));
  let outcomes: Array<"handled" | "duplicate">;
  try {
    outcomes = await ctx.apply(
      readable.map(({ event }, i) => ({ event, active: (spans[i] as { active: Context }).active })),
    );
  } catch (error) {
    for (const { span } of spans) span.end();
    ctx.log.debug(
      { err: error, events: readable.length },
      "a batch of events failed; applying them one by one",
    );
    for (const { msg } of readable) await processMessage(ctx, msg);
    return;
  }
  for (const [i, { msg }] of readable.entries()) {
    const outcome = outcomes[i] as "handled" | "duplicate";
    const { span } = spans[i] as { span: Span };
    span.setAttribute("bus.outcome", outcome);
    span.setAttribute("bus.batch.size", readable.length);
    count(ctx, outcome);
    msg.ack();
    span.end();
  }
}

function count<T>(ctx: MessageContext<T>, outcome: "handled" | "duplicate"): void {
  if (outcome === "duplicate") {
    ctx.stats.duplicates++;
    ctx.counters.duplicates.add(1, ctx.labels);
  } else {
    ctx.stats.handled++;
    ctx.counters.handled.add(1, ctx.labels);
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
  const untrusted = distrust(ctx, msg, event);
  if (untrusted) {
    failSpan(span, untrusted);
    span.setAttribute("bus.outcome", "untrusted");
    ctx.counters.untrusted.add(1, ctx.labels);
    ctx.log.warn(
      { eventId: event.id, subject: msg.subject, source: event.source, reason: untrusted.message },
      "event refused: not published by the owner of its subject",
    );
    await deadLetter(ctx, msg, body, event.id, untrusted);
    return;
  }
  try {
    const outcome = await handleOnce(ctx, event);
    span.setAttribute("bus.outcome", outcome);
    count(ctx, outcome);
    msg.ack();
  } catch (error) {
    failSpan(span, error);
    await reportFailure(ctx, event, error);
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

/** The reason to refuse this event unhandled, when the consumer checks sources and it fails the check. */
function distrust<T>(
  ctx: MessageContext<T>,
  msg: JsMsg,
  event: EventEnvelope<T>,
): UntrustedEventError | undefined {
  if (!ctx.trust) return undefined;
  const { ownerOf, namespace } = ctx.trust;
  const subject = msg.subject.startsWith(namespace) ? msg.subject.slice(namespace.length) : msg.subject;
  const reason = untrustedReason(ownerOf, subject, event, msg.headers);
  return reason === undefined ? undefined : new UntrustedEventError(reason);
}

/** The consumer's `onFailure`, if any; its own failure is logged, never thrown. */
async function reportFailure<T>(
  ctx: MessageContext<T>,
  event: EventEnvelope<T>,
  error: unknown,
): Promise<void> {
  if (!ctx.onFailure) return;
  try {
    await ctx.onFailure(event, error);
  } catch (reportError) {
    ctx.log.error({ err: reportError, eventId: event.id }, "the consumer's failure report failed");
  }
}

/** The inbox row, then the handler (or the projection row), unless the inbox already had it. */
async function handleOnce<T>(
  ctx: MessageContext<T>,
  event: EventEnvelope<T>,
): Promise<"handled" | "duplicate"> {
  const [outcome] = await ctx.apply([{ event }]);
  return outcome as "handled" | "duplicate";
}

/**
 * The inbox rows of a transaction's events, returning the ids that were new: named, so PostgreSQL plans it
 * once per connection (an unnamed statement, or one sent with `BEGIN` as a simple query, is parsed and
 * planned on every transaction, which cost more server CPU than the round trip `BEGIN` now takes alone).
 */
const INBOX_INSERT = `INSERT INTO inbox (consumer, event_id)
  SELECT $1, id FROM unnest($2::uuid[]) AS e(id)
  ON CONFLICT DO NOTHING RETURNING event_id`;

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

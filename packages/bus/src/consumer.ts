import type { Pool, PoolClient } from "@mp/db";
import type { Logger } from "@mp/logger";
import type { ConsumerMessages, JsMsg } from "@nats-io/jetstream";
import { metrics } from "@opentelemetry/api";
import type { ZodType } from "zod";
import { Alarm } from "./alarm";
import type { Bus } from "./connection";
import { ensureConsumer } from "./consumer-config";
import { type ConsumerStats, type MessageContext, processMessage } from "./consumer-message";
import type { EventEnvelope } from "./envelope";
import { subjectMatches } from "./namespace";
import { assertRetryOptions, relayBackoffMs } from "./retry-policy";

export type { ConsumerStats } from "./consumer-message";

export interface Consumer {
  /** Finish the message in hand, hand buffered ones back to the server, and end the subscription. */
  stop(): Promise<void>;
  /** A snapshot of the counters since start. */
  stats(): ConsumerStats;
}

export interface ConsumerOptions<T> {
  bus: Bus;
  pool: Pool;
  logger: Logger;
  /** Un-namespaced stream name, as given to `ensureStream`. */
  stream: string;
  /** Durable consumer name; also the inbox and dead-letter key, so keep it stable across releases. */
  durable: string;
  /** Un-namespaced event types (subjects) to receive. */
  eventTypes: string[];
  /** Deliveries before a failing event is dead-lettered (default 5). */
  maxDeliver?: number;
  /** Delay before delivery n+1 is `backoffMs[min(n - 1, last)]` (default 1 s, 5 s, 15 s, 60 s). */
  backoffMs?: number[];
  /** Validates `data`; an event that fails it is dead-lettered at once. */
  schema?: ZodType<T>;
  /** Runs inside the inbox transaction; throw to have the event retried. */
  handle: (event: EventEnvelope<T>, client: PoolClient) => Promise<void>;
}

const MAX_BUFFERED = 16;
const RESTART_BASE_MS = 500;

/**
 * Consume events from a durable pull consumer, applying each one at most once in effect (inbox) and at
 * least once in delivery (ack after commit). Messages are handled one at a time in stream order; a
 * retried one is redelivered later without holding up the rest. Setup and subscription failures (NATS
 * down, stream not created yet) are logged and retried forever, never thrown.
 */
export function startConsumer<T>(options: ConsumerOptions<T>): Consumer {
  const maxDeliver = options.maxDeliver ?? 5;
  const backoffMs = options.backoffMs ?? [1_000, 5_000, 15_000, 60_000];
  assertRetryOptions(maxDeliver, backoffMs);
  if (options.eventTypes.length === 0) throw new Error(`Consumer ${options.durable} needs event types`);
  const { bus, durable } = options;
  const stream = bus.streamName(options.stream);
  const subjects = options.eventTypes.map((type) => bus.subject(type));
  const log = options.logger.child({ component: "consumer", consumer: durable, stream });
  const ctx: MessageContext<T> = {
    pool: options.pool,
    log,
    consumer: durable,
    maxDeliver,
    backoffMs,
    schema: options.schema,
    handle: options.handle,
    stats: { handled: 0, duplicates: 0, retried: 0, deadLettered: 0 },
    deadLetterCounter: metrics.getMeter("@mp/bus").createCounter("bus.dead_letters", {
      description: "Events a consumer gave up on and recorded in dead_letters",
    }),
  };
  const alarm = new Alarm();
  let stopping = false;
  let messages: ConsumerMessages | undefined;

  const deliver = async (msg: JsMsg) => {
    if (stopping) return msg.nak();
    // Only without server-side filtering (several subjects on nats-server < 2.10) can others arrive.
    if (!subjects.some((pattern) => subjectMatches(pattern, msg.subject))) return msg.ack();
    await processMessage(ctx, msg).catch((error: unknown) => {
      log.error({ err: error }, "unexpected failure handling a message; handing it back");
      msg.nak(backoffMs[0]);
    });
  };

  const run = (async () => {
    let failures = 0;
    while (!stopping) {
      try {
        await ensureConsumer(bus, stream, durable, subjects);
        const consumer = await bus.js.consumers.get(stream, durable);
        messages = await consumer.consume({ max_messages: MAX_BUFFERED });
        // close() settles only once iterated to its end, which the loop below does.
        if (stopping) void messages.close();
        failures = 0;
        for await (const msg of messages) await deliver(msg);
      } catch (error) {
        failures++;
        if (!stopping) log.warn({ err: error, failures }, "consumer unavailable; retrying");
      }
      messages = undefined;
      if (!stopping) await alarm.sleep(relayBackoffMs(failures, RESTART_BASE_MS));
    }
  })();

  return {
    async stop() {
      stopping = true;
      alarm.wake();
      await messages?.close();
      await run;
    },
    stats: () => ({ ...ctx.stats }),
  };
}

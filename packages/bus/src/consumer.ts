import type { Pool, PoolClient } from "@mp/db";
import type { Logger } from "@mp/logger";
import { type ConsumerMessages, JetStreamApiCodes, JetStreamApiError, type JsMsg } from "@nats-io/jetstream";
import type { ZodType } from "zod";
import { Alarm } from "./alarm";
import type { Bus } from "./connection";
import { ensureConsumer, expireLegacyDurable } from "./consumer-config";
import {
  applyInTransaction,
  type ConsumerStats,
  type HandlerTransaction,
  type MessageContext,
  processBatch,
  processMessage,
} from "./consumer-message";
import { durableName } from "./durable-name";
import type { EventEnvelope } from "./envelope";
import { consumerCounters } from "./metrics";
import { subjectMatches } from "./namespace";
import { applyProjection, type Projection } from "./projection";
import { assertRetryOptions, relayBackoffMs } from "./retry-policy";
import { rebuildDurable, SILENT_PULLS_BEFORE_REBUILD, SilentPullWatch } from "./silent-durable";
import type { SubjectOwner } from "./source-check";

export { applyInTransaction, type ConsumerStats, type HandlerTransaction } from "./consumer-message";

export interface Consumer {
  /** Finish the message in hand, hand buffered ones back to the server, and end the subscription. */
  stop(): Promise<void>;
  /** A snapshot of the counters since start. */
  stats(): ConsumerStats;
  /** The JetStream durable this consumer reads (logical name + hash of its event types). */
  readonly durable: string;
}

export interface ConsumerOptions<T> {
  bus: Bus;
  pool: Pool;
  logger: Logger;
  /** Un-namespaced stream name, as given to `ensureStream`. */
  stream: string;
  /**
   * Logical consumer name, stable across releases: it keys the inbox and the dead letters. The JetStream
   * durable is derived from it and the event types (see `durableName`).
   */
  durable: string;
  /** Un-namespaced event types (subjects) to receive. */
  eventTypes: string[];
  /** Deliveries before a failing event is dead-lettered (default 5). */
  maxDeliver?: number;
  /** Delay before delivery n+1 is `backoffMs[min(n - 1, last)]` (default 1 s, 5 s, 15 s, 60 s). */
  backoffMs?: number[];
  /** Ack deadline of a delivery (default: `bus.settings.ackWaitMs`). */
  ackWaitMs?: number;
  /** Inactivity after which the server deletes the durable (default: `bus.settings.inactiveThresholdMs`). */
  inactiveThresholdMs?: number;
  /**
   * Messages this replica handles at once, each in its own transaction (default 1, at most
   * {@link FETCH_BATCH}). Above 1, events of one aggregate may be applied concurrently: the version guard
   * and the row lock it takes keep the result right.
   */
  concurrency?: number;
  /**
   * Up to this many held messages are applied together in one transaction (default 1: each in its own;
   * at most {@link MAX_TRANSACTION_BATCH}). Nothing waits for a batch to fill: a worker takes what is
   * queued when it is free, so batches form only when events arrive faster than they are applied. Should
   * anything in a batch fail, it is rolled back and its messages are applied one by one (`processBatch`).
   * For handlers whose writes only depend on their own event (read models guarded by versions).
   */
  batchSize?: number;
  /**
   * The owner of each un-namespaced subject: when given, an event whose `source` (or type) is not the
   * owner of the subject it arrived on, or that a stream republished, is dead-lettered unhandled and
   * counted (`bus.consumer.untrusted`). The runtime passes `ownerOfSubject` from @mp/contracts.
   */
  ownerOf?: SubjectOwner;
  /** Validates `data`; an event that fails it is dead-lettered at once. */
  schema?: ZodType<T>;
  /**
   * Runs inside the inbox transaction; throw to have the event retried. `transaction` is the same for
   * every event of a batch (its `beforeCommit` tasks run once, before the commit). Give either `handle`
   * or `project`.
   */
  handle?: (event: EventEnvelope<T>, client: PoolClient, transaction: HandlerTransaction) => Promise<void>;
  /**
   * Instead of `handle`, for a consumer whose effect is one row per event in one table: a delivery's, or a
   * batch's, inbox rows and projection rows are written with one statement, committed on its own (see
   * `Projection`): the effect of a handler applying each row with `applyIfNewer` in its own transaction.
   */
  project?: Projection<T>;
  /**
   * Runs once for every delivery that failed, after its transaction rolled back and before it is handed
   * back or dead-lettered, outside any transaction: for what must outlive the rollback (a record of why
   * the event could not be applied yet, a metric). A failure inside a batch is not reported: the batch's
   * events are then applied one by one, and those runs report theirs, so each failed delivery is reported
   * exactly once. Its own failure is logged and otherwise ignored.
   */
  onFailure?: (event: EventEnvelope<T>, error: unknown) => Promise<void>;
}

/** Messages one replica holds at a time: pulled together, handled one by one. */
export const FETCH_BATCH = 4;
/** The largest `batchSize`: events applied in one transaction. */
export const MAX_TRANSACTION_BATCH = 64;
/** How long one pull request waits for messages before the next one is sent. */
const FETCH_EXPIRES_MS = 5_000;
const RESTART_BASE_MS = 500;

/**
 * Consume events from a durable pull consumer, applying each one at most once in effect (inbox) and at
 * least once in delivery (ack after commit). A replica holds at most {@link FETCH_BATCH} messages at a
 * time (or `concurrency * batchSize`, when larger; pulled as room frees up) and handles them one after
 * another, or `concurrency` at once, each alone or up to `batchSize` in one transaction; every
 * `ackWait / 3` it tells the server it is still working on each message it holds (`working()`), so a
 * slow handler, or a message waiting behind one, is not redelivered to another replica meanwhile.
 *
 * No ordering is promised: a retried event comes back after its backoff while later ones go ahead,
 * replicas work in parallel, and a new durable replays history. Handlers apply an event only when it is
 * newer than the state they hold (the aggregate `version` in its data, see `applyIfNewer`).
 *
 * With several event types on nats-server < 2.10 the durable has no server-side filter and receives every
 * subject of the stream; those outside its types are acked and skipped. That is safe because the durable
 * belongs to this exact set of types: a release handling more types has another durable (`durableName`),
 * which reads the stream from its start. Setup and subscription failures (NATS down, stream not created
 * yet, durable deleted by the replay command) are logged and retried forever, never thrown.
 */
export function startConsumer<T>(options: ConsumerOptions<T>): Consumer {
  const maxDeliver = options.maxDeliver ?? 5;
  const backoffMs = options.backoffMs ?? [1_000, 5_000, 15_000, 60_000];
  assertRetryOptions(maxDeliver, backoffMs);
  const concurrency = options.concurrency ?? 1;
  if (!Number.isInteger(concurrency) || concurrency < 1 || concurrency > FETCH_BATCH)
    throw new Error(`concurrency must be an integer from 1 to ${FETCH_BATCH}, got ${concurrency}`);
  const batchSize = options.batchSize ?? 1;
  if (!Number.isInteger(batchSize) || batchSize < 1 || batchSize > MAX_TRANSACTION_BATCH)
    throw new Error(`batchSize must be an integer from 1 to ${MAX_TRANSACTION_BATCH}, got ${batchSize}`);
  /** Messages this replica holds at most: enough for every worker to take a whole batch. */
  const hold = Math.max(FETCH_BATCH, concurrency * batchSize);
  const { bus } = options;
  const logical = options.durable;
  const { handle, project } = options;
  let apply: MessageContext<T>["apply"];
  if (handle && !project) apply = (events) => applyInTransaction(options.pool, logical, events, handle);
  else if (project && !handle)
    apply = (events) =>
      applyProjection(
        options.pool,
        logical,
        events.map(({ event }) => event),
        project,
      );
  else throw new Error("a consumer takes either handle or project, and one of them");
  const durable = durableName(logical, options.eventTypes);
  const stream = bus.streamName(options.stream);
  const subjects = [...new Set(options.eventTypes)].sort().map((type) => bus.subject(type));
  const timing = {
    ackWaitMs: options.ackWaitMs ?? bus.settings.ackWaitMs,
    inactiveThresholdMs: options.inactiveThresholdMs ?? bus.settings.inactiveThresholdMs,
  };
  const log = options.logger.child({ component: "consumer", consumer: logical, durable, stream });
  const ctx: MessageContext<T> = {
    pool: options.pool,
    log,
    consumer: logical,
    maxDeliver,
    backoffMs,
    schema: options.schema,
    apply,
    onFailure: options.onFailure,
    trust: options.ownerOf ? { ownerOf: options.ownerOf, namespace: bus.namespace } : undefined,
    stats: { handled: 0, duplicates: 0, retried: 0, deadLettered: 0 },
    counters: consumerCounters(),
    labels: { consumer: logical, service: bus.service },
  };
  const alarm = new Alarm();
  /** Every message this replica holds, from its arrival until it is acked, nak'ed or terminated. */
  const held = new Set<JsMsg>();
  /** Held messages no worker has taken yet, in arrival order. */
  const queue: JsMsg[] = [];
  const workers = new Set<Promise<void>>();
  /** Woken when a worker settles a message: the fetch loop may have room for more. */
  const room = new Alarm();
  let stopping = false;
  let batch: ConsumerMessages | undefined;

  // One timer for the consumer: each tick extends the ack deadline of every message this replica holds.
  const heartbeat = setInterval(
    () => {
      for (const msg of held) msg.working();
    },
    Math.max(100, Math.floor(timing.ackWaitMs / 3)),
  );
  heartbeat.unref();

  const deliver = async (msgs: JsMsg[]) => {
    if (stopping) {
      for (const msg of msgs) msg.nak();
      return;
    }
    const mine: JsMsg[] = [];
    for (const msg of msgs) {
      if (subjects.some((pattern) => subjectMatches(pattern, msg.subject))) mine.push(msg);
      else msg.ack();
    }
    if (mine.length === 0) return;
    await (mine.length === 1 ? processMessage(ctx, mine[0] as JsMsg) : processBatch(ctx, mine)).catch(
      (error: unknown) => {
        log.error({ err: error }, "unexpected failure handling messages; handing them back");
        for (const msg of mine) msg.nak(backoffMs[0]);
      },
    );
  };

  /** Hand queued messages to workers, up to `concurrency` at once, each up to `batchSize` of them. */
  const dispatch = () => {
    while (workers.size < concurrency) {
      const msgs = queue.splice(0, batchSize);
      if (msgs.length === 0) return;
      const worker = deliver(msgs).finally(() => {
        for (const msg of msgs) held.delete(msg);
        workers.delete(worker);
        room.wake();
        dispatch();
      });
      workers.add(worker);
    }
  };

  /**
   * Dispatch once the messages that arrived together are all queued: a relay pass publishes its events
   * back to back, and they reach this replica in one read of the socket, whose messages the iterator
   * yields one after another in the same turn of the event loop. Dispatching on the first would hand it
   * to a worker alone and the rest to the next worker or batch; a batching consumer then applies them in
   * one transaction (or statement) instead of two. Costs no wait: `setImmediate` runs right after the I/O
   * the messages came in.
   */
  let dispatchScheduled = false;
  const dispatchSoon = () => {
    if (dispatchScheduled) return;
    dispatchScheduled = true;
    setImmediate(() => {
      dispatchScheduled = false;
      dispatch();
    });
  };

  /** Hand back what no worker has started, so another replica can take it at once. */
  const releaseQueued = () => {
    for (const msg of queue.splice(0)) {
      held.delete(msg);
      msg.nak();
    }
  };

  /** Pulls in a row the server left without even a heartbeat: enough of them rebuild the durable. */
  const silence = new SilentPullWatch();

  /**
   * Pull messages while fewer than `hold` are held (asking for at least half of it at a time, so a
   * busy replica does not pull message by message), feeding the workers as they arrive.
   */
  const pull = async (consumer: Awaited<ReturnType<typeof bus.js.consumers.get>>) => {
    const minimum = Math.max(1, Math.floor(hold / 2));
    while (!stopping) {
      if (hold - held.size < minimum) {
        await room.sleep(FETCH_EXPIRES_MS);
        continue;
      }
      batch = await consumer.fetch({ max_messages: hold - held.size, expires: FETCH_EXPIRES_MS });
      if (stopping) batch.stop();
      for await (const msg of batch) {
        held.add(msg);
        queue.push(msg);
        dispatchSoon();
      }
      silence.answered();
    }
  };

  const run = (async () => {
    let failures = 0;
    let legacyExpired = false;
    while (!stopping) {
      try {
        await ensureConsumer(bus, stream, durable, subjects, timing);
        if (!legacyExpired) {
          await expireLegacyDurable(bus, stream, logical, timing.inactiveThresholdMs);
          legacyExpired = true;
        }
        const consumer = await bus.js.consumers.get(stream, durable);
        failures = 0;
        await pull(consumer);
      } catch (error) {
        failures++;
        if (!stopping) logRetry(log, error, failures);
        if (!stopping && silence.failed(error)) {
          // The server keeps the durable but answers none of its pulls: build it again (it replays).
          log.warn({ silentPulls: SILENT_PULLS_BEFORE_REBUILD }, "durable answers no pull; rebuilding it");
          await rebuildDurable(bus, stream, durable, subjects, timing).catch((rebuildError: unknown) =>
            log.warn({ err: rebuildError }, "rebuilding the durable failed; retrying"),
          );
        }
      }
      batch = undefined;
      releaseQueued();
      if (!stopping) await alarm.sleep(relayBackoffMs(failures, RESTART_BASE_MS));
    }
    releaseQueued();
    await Promise.all(workers);
  })();

  return {
    durable,
    async stop() {
      stopping = true;
      alarm.wake();
      room.wake();
      batch?.stop();
      await run;
      clearInterval(heartbeat);
    },
    stats: () => ({ ...ctx.stats }),
  };
}

/**
 * A consumer whose stream does not exist yet is the normal start-up race (the owning service creates it):
 * debug, without a stack, until it has lasted `STREAM_WAIT_WARN_AFTER` failures. Anything else is a warning.
 */
const STREAM_WAIT_WARN_AFTER = 10;

export function logRetry(log: Pick<Logger, "debug" | "warn">, error: unknown, failures: number): void {
  if (isStreamNotFound(error)) {
    const level = failures < STREAM_WAIT_WARN_AFTER ? "debug" : "warn";
    log[level]({ reason: "stream not found", failures }, "consumer waits for its stream; retrying");
  } else {
    log.warn({ err: error, failures }, "consumer unavailable; retrying");
  }
}

function isStreamNotFound(error: unknown): boolean {
  return error instanceof JetStreamApiError && error.code === JetStreamApiCodes.StreamNotFound;
}

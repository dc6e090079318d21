import { randomUUID } from "node:crypto";
import type { Pool } from "@mp/db";
import type { Logger } from "@mp/logger";
import type { NatsConnection } from "@nats-io/nats-core";
import { Alarm } from "./alarm";
import type { Bus } from "./connection";
import type { EventEnvelope } from "./envelope";
import { registerLocalRelay } from "./outbox";
import { OutboxOutageError, type RelayBatchResult, relayOutboxBatch } from "./outbox-batch";
import { observeBusTables } from "./outbox-gauges";
import { listenForOutbox } from "./outbox-listener";
import { pruneBusTables, type RetentionWindows } from "./pruning";
import { relayBackoffMs } from "./retry-policy";

export interface OutboxRelay {
  /** Finish the pass in progress, then release the LISTEN connection, the metrics and every timer. */
  stop(): Promise<void>;
  /** Publish everything pending now; resolves to how many events this call published. */
  flush(): Promise<number>;
}

export interface OutboxRelayOptions {
  pool: Pool;
  bus: Bus;
  logger: Logger;
  /** Poll fallback when no notification arrives (default 500 ms). */
  pollIntervalMs?: number;
  /**
   * The least time between the starts of two passes (default: `bus.settings.outboxGatherMs`, 0): a wake-up
   * sooner than that after the last pass started waits out the rest, so under a steady stream of commits
   * one pass takes the rows of several (one claim, one mark-sent, and the consumers get them together)
   * instead of one pass per commit. A commit after a quiet spell is still relayed at once.
   */
  gatherMs?: number;
  /** Rows claimed per transaction (default 100). */
  batchSize?: number;
  /** Failed publishes before a row is parked (default: `bus.settings.outboxMaxAttempts`). */
  maxAttempts?: number;
  /** Least time a row's publishes fail before it is parked (default: `bus.settings.outboxParkAfterMs`). */
  parkAfterMs?: number;
  /** Pruning windows (default: from `bus.settings`). */
  retention?: Partial<RetentionWindows>;
  /** Time between two pruning passes (default 60 s; the first runs one interval after start). */
  pruneIntervalMs?: number;
  /**
   * Pools whose `writeWithOutbox` commits wake this relay directly, without a NOTIFY (default: `pool`);
   * they must write to the outbox this relay relays. Give `[]` to have every commit notify.
   */
  writerPools?: readonly Pool[];
  /** Test hook between publish and mark-sent; throwing from it simulates a crash there. */
  afterPublish?: (event: EventEnvelope) => void | Promise<void>;
}

/**
 * The bus's background work for one service: publish committed outbox rows to JetStream, prune the bus
 * tables, and report their figures as metrics.
 *
 * Rows are published at least once, a pass at a time in `seq` order. A row is marked sent only after
 * JetStream acknowledged it, so a crash in between republishes it with the same `Nats-Msg-Id`, which the
 * stream's dedup window drops (and the consumers' inbox catches beyond it). Failures never escape the
 * loop: during an outage rows stay unsent and the relay retries with capped backoff, waking early when
 * NATS reconnects; a row JetStream refuses is retried (its attempts counted) and parked after
 * `maxAttempts`, without holding up the rows behind it (see `relayOutboxBatch`), so the stream order is
 * the commit order only as long as nothing fails: consumers order by aggregate version. Commits wake it through LISTEN/NOTIFY; polling covers a lost LISTEN connection.
 * The relay holds one pool connection for LISTEN while it runs; size the pool for it.
 *
 * `writeWithOutbox` on one of `writerPools` does not notify while this relay runs and is not backing off:
 * it wakes the relay in-process after its commit (a NOTIFY signals every listening backend of the
 * database, every service's relay included). Should the pass such a wake starts find another replica's
 * relay holding the lock, its commit notifies the channel for it (with this relay's id as payload, which
 * this relay's own listener ignores), so that relay makes another pass, as the writer's NOTIFY would have
 * had it do.
 */
export function startOutboxRelay(options: OutboxRelayOptions): OutboxRelay {
  const log = options.logger.child({ component: "outbox-relay" });
  const { bus, pool } = options;
  const pollIntervalMs = options.pollIntervalMs ?? 500;
  const batchSize = options.batchSize ?? 100;
  const gatherMs = options.gatherMs ?? bus.settings.outboxGatherMs;
  if (!Number.isFinite(gatherMs) || gatherMs < 0)
    throw new Error(`The relay's gather time must be a non-negative number of ms, got ${gatherMs}`);
  const maxAttempts = options.maxAttempts ?? bus.settings.outboxMaxAttempts;
  const parkAfterMs = options.parkAfterMs ?? bus.settings.outboxParkAfterMs;
  const retention: RetentionWindows = {
    outboxMs: options.retention?.outboxMs ?? bus.settings.outboxRetentionMs,
    inboxMs: options.retention?.inboxMs ?? bus.settings.inboxRetentionMs,
    deadLettersMs: options.retention?.deadLettersMs ?? bus.settings.deadLetterRetentionMs,
  };
  const alarm = new Alarm();
  let stopping = false;
  let failures = 0;
  /** A local writer's commit woke the relay since the last pass started. */
  let wokenLocally = false;
  const id = randomUUID();

  // A reconnect ends any backoff; commits only wake a relay that is not backing off.
  const connection = watchConnection(bus.nc, () => {
    failures = 0;
    alarm.wake();
  });
  const listener = listenForOutbox(pool, log, (payload) => {
    if (payload !== id && failures === 0) alarm.wake();
  });
  const unregister = registerLocalRelay(options.writerPools ?? [pool], {
    ready: () => failures === 0 && !stopping,
    wake: () => {
      wokenLocally = true;
      alarm.wake();
    },
  });
  const stopGauges = observeBusTables(pool, bus.service, log);
  const maxPayload = bus.nc.info?.max_payload;
  if (maxPayload && bus.settings.maxEventBytes > maxPayload)
    log.warn(
      { maxEventBytes: bus.settings.maxEventBytes, maxPayload },
      "BUS_MAX_EVENT_BYTES exceeds the server's max_payload: large events will be parked",
    );

  // Passes of the loop and of flush() never overlap within a process.
  let queue: Promise<unknown> = Promise.resolve();
  /**
   * The loop's passes chain (see `RelayBatchDeps.chain`) while the last one was full or a wake came during
   * it (a commit the claim may not have seen): the mark-sent, the commit and the next claim then go in one
   * round trip instead of two. Not with `gatherMs` (its passes are spaced on purpose) unless full.
   */
  const chain = (full: boolean) => {
    if (stopping || failures > 0) return undefined;
    if (!full && (gatherMs > 0 || !alarm.takePending())) return undefined;
    // As at the top of the loop: the claim answers every wake so far.
    alarm.reset();
    const forward = wokenLocally;
    wokenLocally = false;
    lastPassAt = performance.now();
    return { forwardAs: forward ? id : undefined };
  };
  let lastPassAt = Number.NEGATIVE_INFINITY;
  const runPass = (forward = false, chained = false): Promise<RelayBatchResult> => {
    const pass = queue.then(async () => {
      // Fail fast while disconnected rather than hold claimed rows through a publish timeout.
      if (!connection.connected()) throw new OutboxOutageError("NATS is disconnected");
      return relayOutboxBatch({
        pool,
        bus,
        logger: log,
        batchSize,
        maxAttempts,
        parkAfterMs,
        connected: connection.connected,
        afterPublish: options.afterPublish,
        forwardAs: forward ? id : undefined,
        chain: chained ? chain : (full) => (full ? {} : undefined),
      });
    });
    queue = pass.catch(() => {});
    return pass;
  };

  const loop = (async () => {
    while (!stopping) {
      let delay = pollIntervalMs;
      // This pass claims whatever committed before it starts, so a notification remembered until now
      // (often of a row the last pass already took, when commits come faster than passes) would only
      // cost an empty pass; a commit after this point notifies again.
      alarm.reset();
      const forward = wokenLocally;
      wokenLocally = false;
      lastPassAt = performance.now();
      try {
        const { more } = await runPass(forward, true);
        failures = 0;
        // A full batch (parked rows included: they freed the way) means more may be waiting.
        if (more) continue;
      } catch (error) {
        failures++;
        delay = relayBackoffMs(failures, pollIntervalMs);
        log.warn({ err: error, failures, retryInMs: delay }, "outbox relay pass failed; rows kept for retry");
      }
      if (!stopping) await alarm.sleep(delay);
      const gather = lastPassAt + gatherMs - performance.now();
      if (gather > 0 && !stopping) await alarm.sleepFully(gather);
    }
  })();

  const pruneAlarm = new Alarm();
  const pruning = (async () => {
    const interval = options.pruneIntervalMs ?? 60_000;
    while (!stopping) {
      await pruneAlarm.sleep(interval);
      if (stopping) break;
      try {
        const pruned = await pruneBusTables(pool, retention);
        if (pruned.outbox + pruned.inbox + pruned.deadLetters > 0) log.info(pruned, "bus tables pruned");
      } catch (error) {
        log.warn({ err: error }, "pruning the bus tables failed; next pass will retry");
      }
    }
  })();

  return {
    async stop() {
      stopping = true;
      unregister();
      alarm.stop();
      pruneAlarm.wake();
      await loop;
      await pruning;
      await queue;
      stopGauges();
      connection.stop();
      await listener.stop();
    },
    async flush() {
      let total = 0;
      for (;;) {
        const { published, more } = await runPass();
        total += published;
        if (!more) return total;
      }
    },
  };
}

/** Track whether NATS is connected, calling `onReconnect` when it comes back, until stopped. */
function watchConnection(
  nc: NatsConnection,
  onReconnect: () => void,
): { connected(): boolean; stop(): void } {
  let connected = !nc.isClosed();
  const statuses = nc.status();
  void (async () => {
    for await (const status of statuses) {
      if (status.type === "disconnect" || status.type === "close") connected = false;
      if (status.type === "reconnect") {
        connected = true;
        onReconnect();
      }
    }
  })().catch(() => {});
  return {
    connected: () => connected,
    // The iterator returned by status() is a QueuedIterator whose stop() detaches it from the connection.
    stop: () => {
      if ("stop" in statuses && typeof statuses.stop === "function") statuses.stop();
    },
  };
}

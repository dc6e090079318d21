import type { Pool } from "@mp/db";
import type { Logger } from "@mp/logger";
import type { NatsConnection } from "@nats-io/nats-core";
import { Alarm } from "./alarm";
import type { Bus } from "./connection";
import type { EventEnvelope } from "./envelope";
import { relayOutboxBatch } from "./outbox-batch";
import { listenForOutbox } from "./outbox-listener";
import { relayBackoffMs } from "./retry-policy";

export interface OutboxRelay {
  /** Finish the pass in progress, then release the LISTEN connection and every timer. */
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
  /** Rows claimed per transaction (default 100). */
  batchSize?: number;
  /** Test hook between publish and mark-sent; throwing from it simulates a crash there. */
  afterPublish?: (event: EventEnvelope) => void | Promise<void>;
}

/**
 * Publish committed outbox rows to JetStream, in `seq` order, at least once. A row is marked sent only
 * after JetStream acknowledged it, so a crash in between republishes it with the same `Nats-Msg-Id`,
 * which the stream's dedup window drops (and the consumers' inbox catches beyond it). Failures never
 * escape the loop: rows stay unsent and the relay retries with capped backoff, waking early when NATS
 * reconnects. Commits wake it through LISTEN/NOTIFY; polling covers a lost LISTEN connection. The relay
 * holds one pool connection for LISTEN while it runs; size the pool for it.
 */
export function startOutboxRelay(options: OutboxRelayOptions): OutboxRelay {
  const log = options.logger.child({ component: "outbox-relay" });
  const pollIntervalMs = options.pollIntervalMs ?? 500;
  const batchSize = options.batchSize ?? 100;
  const alarm = new Alarm();
  let stopping = false;
  let failures = 0;

  // A reconnect ends any backoff; commits only wake a relay that is not backing off.
  const connection = watchConnection(options.bus.nc, () => {
    failures = 0;
    alarm.wake();
  });
  const listener = listenForOutbox(options.pool, log, () => {
    if (failures === 0) alarm.wake();
  });

  // Passes of the loop and of flush() never overlap within a process.
  let queue: Promise<unknown> = Promise.resolve();
  const runPass = (): Promise<number> => {
    const pass = queue.then(() => {
      // Fail fast while disconnected rather than hold claimed rows through a publish timeout.
      if (!connection.connected()) throw new Error("NATS is disconnected");
      return relayOutboxBatch({
        pool: options.pool,
        bus: options.bus,
        batchSize,
        afterPublish: options.afterPublish,
      });
    });
    queue = pass.catch(() => {});
    return pass;
  };

  const loop = (async () => {
    while (!stopping) {
      let delay = pollIntervalMs;
      try {
        const published = await runPass();
        failures = 0;
        if (published >= batchSize) continue;
      } catch (error) {
        failures++;
        delay = relayBackoffMs(failures, pollIntervalMs);
        log.warn({ err: error, failures, retryInMs: delay }, "outbox relay pass failed; rows kept for retry");
      }
      if (!stopping) await alarm.sleep(delay);
    }
  })();

  return {
    async stop() {
      stopping = true;
      alarm.wake();
      await loop;
      await queue;
      connection.stop();
      await listener.stop();
    },
    async flush() {
      let total = 0;
      for (;;) {
        const published = await runPass();
        total += published;
        if (published < batchSize) return total;
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

import { setTimeout as sleep } from "node:timers/promises";
import { Alarm, listenForSchemaChannel } from "@mp/bus";
import type { Pool } from "@mp/db";
import type { Logger } from "@mp/logger";
import type { ProcessedBatch } from "../application/process-payment-events";
import { PAYMENT_EVENTS_CHANNEL_PREFIX } from "../infra/payment-event.repository";

/** While the intake is busy, how often the processor asks whether it has calmed down. */
export const BUSY_CHECK_MS = 100;

export interface PaymentEventProcessor {
  /** Finish the pass in progress, then release the LISTEN connection and the timer. */
  stop(): Promise<void>;
}

/**
 * Runs processing passes from start-up (so events stored before a crash are picked up at once), again
 * whenever an insert's notification arrives, and every `pollIntervalMs` in case one was missed. A full
 * batch is followed by another pass straight away; otherwise, once woken, it lets `gatherMs` pass first so
 * the notifications of a burst make one pass instead of many. While `busy()` says the intake is busy, it
 * makes way for it: the next pass comes `busyIntervalMs` after the last one ends, full batch or not, so
 * processing (and what it sets off downstream: purchases, the ledger) takes at most one batch per interval
 * and catches up once the intake calms down (the pause is cut short as soon as `busy()` turns false). A
 * pass that fails (database briefly down, a deadlock with another replica) is logged and retried on the
 * next wake.
 */
export function startPaymentEventProcessor(
  pass: () => Promise<ProcessedBatch>,
  options: {
    pool: Pool;
    logger: Logger;
    pollIntervalMs: number;
    batchSize: number;
    /** Wait this long after a wake-up (not after a full batch) so one pass takes what arrives meanwhile. */
    gatherMs?: number;
    /** True while the intake is busy enough that processing should make way for it. */
    busy?: () => boolean;
    /** While `busy()`, the pause after every pass; it ends early once `busy()` turns false. */
    busyIntervalMs?: number;
    /** How often `busy()` is asked during that pause (default {@link BUSY_CHECK_MS}). */
    busyCheckMs?: number;
  },
): PaymentEventProcessor {
  const log = options.logger.child({ component: "payment-event-processor" });
  const alarm = new Alarm();
  const listener = listenForSchemaChannel(options.pool, PAYMENT_EVENTS_CHANNEL_PREFIX, log, () =>
    alarm.wake(),
  );
  const gatherMs = options.gatherMs ?? 0;
  const busyIntervalMs = options.busyIntervalMs ?? 0;
  const busyCheckMs = options.busyCheckMs ?? BUSY_CHECK_MS;
  const stopping = new AbortController();
  /** A pause `stop()` cuts short. */
  const pause = (ms: number) => sleep(ms, undefined, { signal: stopping.signal }).catch(() => {});
  let stopped = false;
  /** Up to `busyIntervalMs`, cut short once `busy()` says the intake has calmed down (or on `stop()`). */
  const pauseWhileBusy = async () => {
    const until = performance.now() + busyIntervalMs;
    for (let left = busyIntervalMs; left > 0 && !stopped; left = until - performance.now()) {
      await pause(Math.min(busyCheckMs, left));
      if (!options.busy?.()) return;
    }
  };
  const loop = (async () => {
    while (!stopped) {
      let more = false;
      try {
        const batch = await pass();
        more = batch.processed === options.batchSize;
        if (batch.processed > 0) log.info(batch, "payment events processed");
        if (batch.unprocessable.length > 0)
          log.warn({ stripeEventIds: batch.unprocessable }, "payment events marked unprocessable");
      } catch (error) {
        log.warn({ err: error }, "payment event processing pass failed; retrying");
      }
      if (stopped) break;
      if (busyIntervalMs > 0 && options.busy?.()) {
        await pauseWhileBusy();
        // Notifications that came meanwhile are answered by the next pass.
        alarm.reset();
      } else if (!more) {
        await alarm.sleep(options.pollIntervalMs);
        if (gatherMs > 0 && !stopped) await pause(gatherMs);
      }
    }
  })();
  return {
    async stop() {
      stopped = true;
      stopping.abort();
      alarm.wake();
      await loop;
      await listener.stop();
    },
  };
}

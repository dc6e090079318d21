import { AppError } from "@mp/errors";
import { makeBatchingQueue } from "@mp/runtime";
import type { SettlementsClient } from "../../clients";

/** Notifications sent in one call at most; more wait for the next call. */
export const MAX_BATCH = 256;
/** Batch calls in flight at once. */
export const MAX_CALLS_IN_FLIGHT = 2;
/**
 * Least time between the starts of two batch calls. Every call costs settlements a gRPC handler and an
 * INSERT with its commit whatever its size: at 1,000 notifications/s, calls that answer in 2 to 4 ms
 * would otherwise carry 1.3 to 2.2 of them (0.45 to 0.77 calls per notification; about 6 with this, 0.17
 * calls), and settlements and its PostgreSQL spend about 0.4 ms per notification in calls of 3 against
 * 0.15 ms in calls of 15 (`services/settlements/scripts/intake-cpu.ts`). This holds a notification for at
 * most this long, and only when another call started less than this long ago, so at a low rate nearly
 * every notification still goes out at once.
 */
export const MIN_CALL_INTERVAL_MS = 5;

interface Notification {
  payload: Buffer;
  signature: string;
  requestId: string;
}

/**
 * Hands notifications to settlements in batches (`ReceivePaymentEvents`): one arriving while
 * `MAX_CALLS_IN_FLIGHT` calls are running, or less than `MIN_CALL_INTERVAL_MS` after the last call started,
 * waits and then goes with every other one waiting by then, in one call. Alone, a notification goes out at
 * once: no added latency at a low rate.
 * Under a burst this costs one call (its framing, credentials, deadline and metrics) per batch instead of
 * per notification, and settlements writes the batch with one statement.
 *
 * `submit` resolves true once settlements has stored the event durably (now or before), false when
 * settlements refused it (the caller sends it again alone for the exact error) or does not have the batch
 * call yet (an older replica during a rollout), and rejects when the call itself failed (each caller
 * answers that error, as it would have for its own call).
 */
export function makeIntakeBatcher(settlements: SettlementsClient) {
  const submit = makeBatchingQueue<Notification, boolean>({
    maxBatch: MAX_BATCH,
    maxInFlight: MAX_CALLS_IN_FLIGHT,
    minIntervalMs: MIN_CALL_INTERVAL_MS,
    async flush(batch) {
      try {
        const { results } = await settlements.call(
          "receivePaymentEvents",
          { events: batch.map(({ item: { payload, signature } }) => ({ payload, signature })) },
          // Webhooks carry no user: the gateway calls settlements as itself, naming the batch's first request.
          { requestId: batch[0]?.item.requestId ?? "" },
        );
        for (const [i, waiting] of batch.entries()) waiting.resolve(results[i]?.accepted === true);
      } catch (error) {
        // A settlements without the batch call (an older replica during a rollout): each goes alone.
        if (!(error instanceof AppError && error.code === "not-implemented")) throw error;
        for (const waiting of batch) waiting.resolve(false);
      }
    },
  });
  return { submit };
}

import { AppError } from "@mp/errors";
import { makeBatchingQueue } from "@mp/runtime";
import type { SettlementsClient } from "../../clients";

/** Notifications sent in one call at most; more wait for the next call. */
export const MAX_BATCH = 256;
/** Batch calls in flight at once. */
export const MAX_CALLS_IN_FLIGHT = 2;

interface Notification {
  payload: Buffer;
  signature: string;
  requestId: string;
}

/**
 * Hands notifications to settlements in batches (`ReceivePaymentEvents`): one arriving while
 * `MAX_CALLS_IN_FLIGHT` calls are running waits for one of them and then goes with every other one waiting
 * by then, in one call. Alone, a notification goes out at once: no timer, no added latency at a low rate.
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

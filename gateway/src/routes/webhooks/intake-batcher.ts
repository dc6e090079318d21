import { AppError } from "@mp/errors";
import type { SettlementsClient } from "../../clients";

/** Notifications sent in one call at most; more wait for the next call. */
export const MAX_BATCH = 256;
/** Batch calls in flight at once. */
export const MAX_CALLS_IN_FLIGHT = 2;

interface Pending {
  payload: Buffer;
  signature: string;
  requestId: string;
  resolve(accepted: boolean): void;
  reject(error: unknown): void;
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
  const queue: Pending[] = [];
  let inFlight = 0;

  async function send(batch: Pending[]): Promise<void> {
    try {
      const { results } = await settlements.call(
        "receivePaymentEvents",
        { events: batch.map(({ payload, signature }) => ({ payload, signature })) },
        // Webhooks carry no user: the gateway calls settlements as itself, naming the batch's first request.
        { requestId: batch[0]?.requestId ?? "" },
      );
      for (const [i, pending] of batch.entries()) pending.resolve(results[i]?.accepted === true);
    } catch (error) {
      // A settlements without the batch call (an older replica during a rollout): each goes alone.
      const unsupported = error instanceof AppError && error.code === "not-implemented";
      for (const pending of batch) {
        if (unsupported) pending.resolve(false);
        else pending.reject(error);
      }
    }
  }

  function pump() {
    while (inFlight < MAX_CALLS_IN_FLIGHT && queue.length > 0) {
      const batch = queue.splice(0, MAX_BATCH);
      inFlight += 1;
      void send(batch).finally(() => {
        inFlight -= 1;
        pump();
      });
    }
  }

  return {
    submit(event: { payload: Buffer; signature: string; requestId: string }): Promise<boolean> {
      return new Promise<boolean>((resolve, reject) => {
        queue.push({ ...event, resolve, reject });
        pump();
      });
    },
  };
}

import type Stripe from "stripe";
import { STRIPE_TIMEOUT_MS } from "./client";

/** Time kept after Stripe's last attempt to answer our own caller. */
const ANSWER_MARGIN_MS = 300;
/** The SDK's pause before its first retry (its initial network retry delay). */
const RETRY_PAUSE_MS = 500;
/** The shortest attempt worth a retry after it. */
const MIN_ATTEMPT_MS = 1_000;

/**
 * Per-request options that make a Stripe call end before a caller's deadline (epoch ms): one retry when
 * two attempts of a second or more and the SDK's pause fit, else one attempt with what is left. Without a
 * deadline, the client's own timeout and retries apply. A Stripe that hangs then comes back as Stripe
 * unavailable from us, not as our caller's deadline passing.
 */
export function stripeDeadlineOptions(
  deadline: number | undefined,
  now: number = Date.now(),
): Pick<Stripe.RequestOptions, "timeout" | "maxNetworkRetries"> {
  if (deadline === undefined) return {};
  const left = deadline - now - ANSWER_MARGIN_MS;
  if (left >= 2 * MIN_ATTEMPT_MS + RETRY_PAUSE_MS) {
    return {
      maxNetworkRetries: 1,
      timeout: Math.min(STRIPE_TIMEOUT_MS, Math.floor((left - RETRY_PAUSE_MS) / 2)),
    };
  }
  return { maxNetworkRetries: 0, timeout: Math.max(1, Math.min(STRIPE_TIMEOUT_MS, left)) };
}

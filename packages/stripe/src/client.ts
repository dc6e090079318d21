import Stripe from "stripe";
import { z } from "zod";

/**
 * The env keys of every process that calls Stripe's API. `STRIPE_API_BASE` points the SDK at another
 * server speaking Stripe's API (the local stand-in, `http://127.0.0.1:12111`); unset or empty, the SDK
 * talks to Stripe itself (api.stripe.com), as production does.
 */
export const stripeApiEnv = {
  STRIPE_API_KEY: z
    .string()
    .regex(/^(sk|rk)_(test|live)_/, "a secret or restricted key (sk_/rk_test_/live_)"),
  STRIPE_API_BASE: z
    .union([z.literal(""), z.url({ protocol: /^https?$/ })])
    .optional()
    .transform((value) => value || undefined),
};

export interface StripeApiConfig {
  STRIPE_API_KEY: string;
  STRIPE_API_BASE?: string | undefined;
}

/** How long one API call may take, and how often the SDK retries a failed one (with its own backoff). */
export const STRIPE_TIMEOUT_MS = 10_000;
export const STRIPE_NETWORK_RETRIES = 2;

/** The SDK's `host` / `port` / `protocol` options for a base URL (none for Stripe itself). */
export function stripeHostOptions(apiBase: string | undefined): Stripe.StripeConfig {
  if (!apiBase) return {};
  const url = new URL(apiBase);
  const protocol = url.protocol === "https:" ? "https" : "http";
  return {
    host: url.hostname,
    port: url.port ? Number(url.port) : protocol === "https" ? 443 : 80,
    protocol,
  };
}

/**
 * The one place a `stripe` client is built from configuration: the key, the API base (the stand-in or
 * Stripe), the timeout and the SDK's own retries. Every caller of Stripe's API uses it.
 */
export function makeStripeClient(
  config: StripeApiConfig,
  options: { timeoutMs?: number; maxNetworkRetries?: number } = {},
): Stripe {
  return new Stripe(config.STRIPE_API_KEY, {
    ...stripeHostOptions(config.STRIPE_API_BASE),
    timeout: options.timeoutMs ?? STRIPE_TIMEOUT_MS,
    maxNetworkRetries: options.maxNetworkRetries ?? STRIPE_NETWORK_RETRIES,
    appInfo: { name: "infuse-marketplace" },
  });
}

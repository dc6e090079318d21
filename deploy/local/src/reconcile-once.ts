import { createPool } from "@mp/db";
import { makeStripeClient } from "@mp/stripe";
import { makeStripeReconciliation, type ReconcileResult } from "@mp/svc-settlements/reconcile";
import { DEV_SECRETS } from "./launcher/stack-env";

/**
 * One reconciliation pass of settlements now, as its loop runs it: over the stack's settlements schema,
 * against the stack's Stripe stand-in (`stripeApiBase`) or, without one, Stripe itself with
 * `STRIPE_API_KEY`. Used by `pnpm pay reconcile` and the end-to-end tests.
 */
export async function reconcileOnce(input: {
  databaseUrl: string;
  stripeApiBase: string | undefined;
  stripeApiKey?: string;
}): Promise<ReconcileResult> {
  const pool = createPool({
    url: input.databaseUrl,
    schema: "settlements",
    applicationName: "reconcile-once",
    max: 2,
  });
  try {
    const stripe = makeStripeClient({
      STRIPE_API_KEY: input.stripeApiKey ?? process.env.STRIPE_API_KEY ?? DEV_SECRETS.STRIPE_API_KEY,
      STRIPE_API_BASE: input.stripeApiBase,
    });
    return await makeStripeReconciliation(pool, stripe)();
  } finally {
    await pool.end();
  }
}

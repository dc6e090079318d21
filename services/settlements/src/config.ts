import { z } from "@mp/config";

/** Stripe notifications are verified with the endpoint secret; the API key is for reconciliation calls. */
export const settlementsConfig = z.object({
  STRIPE_WEBHOOK_SECRET: z.string().startsWith("whsec_"),
  STRIPE_API_KEY: z.string().regex(/^(sk|rk)_(test|live)_/),
});

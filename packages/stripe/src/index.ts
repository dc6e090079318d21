export {
  makeStripeClient,
  STRIPE_NETWORK_RETRIES,
  STRIPE_TIMEOUT_MS,
  type StripeApiConfig,
  stripeApiEnv,
  stripeHostOptions,
} from "./client";
export { stripeDeadlineOptions } from "./deadline";

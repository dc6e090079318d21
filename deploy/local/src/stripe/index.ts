/**
 * The local Stripe stand-in's programmatic API: start one, point the SDK at `url` (`STRIPE_API_BASE`),
 * pay or decline sessions through their hosted page, switch notifications off through `/_control/`.
 * See docs/stripe-stand-in.md.
 */
export type { DeliveryAttempt } from "./deliveries";
export { formatAmount } from "./hosted-page";
export { type RunningStripeStandIn, type StripeStandInOptions, startStripeStandIn } from "./server";

export { type ClientOptions, createMarketplaceClient, type MarketplaceClient } from "./client";
export type { components, operations, paths } from "./generated/openapi";
export {
  eachPage,
  eachWindow,
  type PageAnswer,
  type PageRequest,
  type WindowAnswer,
  type WindowRequest,
} from "./pagination";
export { type CallResult, MarketplaceError, type Problem, type ProblemCode, unwrap } from "./problem";
export { isRetrySafe, parseRetryAfter, type RetryPolicy, retryingFetch } from "./retry";
export {
  DEFAULT_TOLERANCE_SECONDS,
  type SignatureCheck,
  signWebhookPayload,
  type VerifyOptions,
  verifyWebhookSignature,
  WEBHOOK_SIGNATURE_HEADER,
} from "./webhook-signature";

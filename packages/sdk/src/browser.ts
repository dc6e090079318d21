/**
 * The SDK for browsers (the web console): everything but the webhook-signature helper, which needs
 * `node:crypto` and belongs on the receiving server.
 */
export { type ClientOptions, createMarketplaceClient, type MarketplaceClient } from "./client";
export type { components, operations, paths } from "./generated/openapi";
export { eachPage, eachWindow } from "./pagination";
export { type CallResult, MarketplaceError, type Problem, type ProblemCode, unwrap } from "./problem";

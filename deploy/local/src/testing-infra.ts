/**
 * The infrastructure helpers of @mp/testing, without its entry point: that entry also exports fresh.ts,
 * which imports vitest, and vitest throws when loaded outside a test run (as the launcher is). Until the
 * package exports these modules on a subpath, this file is the one place that reaches into its sources.
 */
export * from "../../../packages/testing/src/nats";
export * from "../../../packages/testing/src/postgres";
export * from "../../../packages/testing/src/probe";
export * from "../../../packages/testing/src/s3";

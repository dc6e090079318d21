import { infraEnv, type TestInfra, type TestMesh } from "@mp/testing";

/**
 * The configuration of a settlements replica under test: the file's database and bus namespace, a free
 * gRPC port, Stripe's test key with `stripeWebhookSecret` (one or more, comma-separated), and `extra` on
 * top. Only a notification or start-up wakes the payment-event processor within a test's patience.
 */
export function settlementsEnv(
  infra: TestInfra,
  mesh: TestMesh,
  stripeWebhookSecret: string,
  extra: Record<string, string> = {},
): Record<string, string> {
  return {
    ...infraEnv(infra),
    SETTLEMENTS_GRPC_PORT: "0",
    LOG_LEVEL: "silent",
    STRIPE_WEBHOOK_SECRET: stripeWebhookSecret,
    STRIPE_API_KEY: "sk_test_int",
    PAYMENT_EVENTS_POLL_MS: "600000",
    ...mesh.env("settlements"),
    ...extra,
  };
}

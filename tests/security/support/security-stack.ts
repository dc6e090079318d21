import { DEMO_ORGANISATIONS } from "@mp/local/demo";

/** The addresses of the project's launched stack and the tokens signed for it (see ../stack.setup.ts). */
export interface SecurityStack {
  gatewayUrl: string;
  simulatorUrl: string;
  databaseUrl: string;
  s3: {
    endpoint: string;
    region: string;
    accessKeyId: string;
    secretAccessKey: string;
    bucket: string;
    forcePathStyle: true;
  };
  /** JSON lines, one per s3rver event (`ObjectCreated:Put|Copy|Post`, `ObjectRemoved:Delete`). */
  s3EventsFile: string;
  /** Every line the launcher and the services wrote; quoted when a test fails. */
  logFile: string;
  tokens: Record<TokenName, string>;
  /** The secret settlements verifies `Stripe-Signature` with: fuzzed notifications are signed with it too. */
  stripeWebhookSecret: string;
}

/**
 * `a` and `b` hold all three roles, so a role check can never be the reason for an answer. `a` is the
 * demo developer organisation, the one the Infuse-IoT simulator seeds with applications and releases;
 * `b` is an organisation the platform has never heard of. `aDeveloper` is another member of `a` with the
 * developer role only. `expired` and `wrongAudience` are `b`'s, made invalid. `operator` is the admin of
 * the platform operator's organisation (the launcher's `PLATFORM_ORGANISATION_ID`).
 */
export type TokenName = "a" | "b" | "bNonAdmin" | "aDeveloper" | "expired" | "wrongAudience" | "operator";

export const TEST_ORGANISATIONS = {
  a: DEMO_ORGANISATIONS.developer.id,
  b: "0193a5d0-5ec0-7000-8000-00000000000b",
  operator: DEMO_ORGANISATIONS.operator.id,
} as const;

declare module "vitest" {
  export interface ProvidedContext {
    security: SecurityStack;
  }
}

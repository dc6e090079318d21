import { type LocalStack, startLocalStack } from "@mp/local/stack";

/**
 * The stack exactly as `pnpm start` runs it on a machine with nothing configured: its own PostgreSQL, NATS,
 * object store and Infuse-IoT simulator (whatever the test environment sets), temporary data and free
 * ports. vitest sets NODE_ENV=test; the stack runs as in development, where the gateway trusts only the
 * launcher's local JWKS. `env` adds to that (e.g. an OTLP endpoint to collect traces).
 */
export function startTestStack(logs: string[], env: Record<string, string> = {}): Promise<LocalStack> {
  return startLocalStack({
    ephemeral: true,
    env: {
      NODE_ENV: "development",
      DATABASE_URL: undefined,
      NATS_URL: undefined,
      S3_ENDPOINT: undefined,
      INFUSE_API_URL: undefined,
      LOG_LEVEL: "warn",
      ...env,
    },
    log: (line) => logs.push(line),
  });
}

import { mkdirSync, writeFileSync } from "node:fs";
import { basename, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { type LocalStack, startLocalStack } from "@mp/local/stack";
import { findSecrets, urlPassword } from "@mp/testing/secret-scan";
import { expect } from "vitest";

/**
 * The stack exactly as `pnpm start` runs it on a machine with nothing configured: its own PostgreSQL, NATS,
 * object store and Infuse-IoT simulator (whatever the test environment sets), temporary data and free
 * ports. vitest sets NODE_ENV=test; the stack runs as in development, where the gateway trusts only the
 * launcher's local JWKS. `env` adds to that (e.g. an OTLP endpoint to collect traces); `gatewayPort` fixes
 * the gateway's port (for a webhook sender started before the stack).
 *
 * Two differences from `pnpm start`. The processes run the bundles `pnpm build` makes for the images
 * (`LOCAL_STACK_BUILD=compiled`), built in place once for the run: a stack starts on half the CPU that
 * tsx needs, and the e2e files test what ships (`foundation.test.ts` keeps tsx, so `pnpm start`'s
 * command stays tested). And the simulated IoT platform's clock runs fast (`FAST_PLATFORM_CLOCK`),
 * so an install (the demo purchases' one included) settles in under a second, not after two 3 s ticks and
 * a 2 s poll. Files that drive the clock themselves set `SIMULATOR_TICK_MS: "0"` in `env`, which wins.
 *
 * Every process logs at `info` into `logs`, and `stop()` fails the file when any line holds a secret (a
 * token, an API key, a Stripe or mesh key, a password): see `findSecrets`. `stop()` (vitest runs the
 * file's afterAll even when its beforeAll failed) also writes the lines to `.local/e2e-logs/<file>.log`,
 * so a stack that misbehaved can be read afterwards.
 */
export async function startTestStack(
  logs: string[],
  env: Record<string, string> = {},
  options: { gatewayPort?: number } = {},
): Promise<LocalStack> {
  const stack = await startLocalStack({
    ephemeral: true,
    ...options,
    env: {
      NODE_ENV: "development",
      DATABASE_URL: undefined,
      NATS_URL: undefined,
      S3_ENDPOINT: undefined,
      INFUSE_API_URL: undefined,
      LOG_LEVEL: "info",
      LOCAL_STACK_BUILD: "compiled",
      ...FAST_PLATFORM_CLOCK,
      ...env,
    },
    log: (line) => logs.push(line),
  });
  const stop = stack.stop.bind(stack);
  const logFile = stackLogFile(expect.getState().testPath);
  stack.stop = async () => {
    await stop();
    mkdirSync(LOG_DIR, { recursive: true });
    writeFileSync(logFile, `${logs.join("\n")}\n`);
    expectNoSecrets(logs, knownSecrets(stack, env));
  };
  return stack;
}

const LOG_DIR = resolve(fileURLToPath(new URL("../../.local/e2e-logs", import.meta.url)));

/** Where a file's stack logs go: named after the test file (one stack per file at a time). */
function stackLogFile(testPath: string | undefined): string {
  return resolve(LOG_DIR, `${basename(testPath ?? "e2e", ".ts")}.log`);
}

/** The simulator's tick and iot-adapter's install poll for e2e stacks (defaults 3,000 and 2,000 ms). */
const FAST_PLATFORM_CLOCK = { SIMULATOR_TICK_MS: "300", INSTALL_POLL_MS: "200" } as const;

function knownSecrets(stack: LocalStack, env: Record<string, string>): string[] {
  return [
    ...Object.values(stack.credentials).map((credential) => credential.token),
    stack.stripeWebhookSecret,
    ...(env.STRIPE_WEBHOOK_SECRET ?? "").split(","),
    stack.s3.secretAccessKey,
    urlPassword(stack.databaseUrl),
    urlPassword(stack.natsUrl),
  ].filter((value): value is string => Boolean(value));
}

function expectNoSecrets(logs: readonly string[], known: readonly string[]): void {
  const findings = findSecrets(logs, known);
  if (findings.length === 0) return;
  const report = findings.slice(0, 20).map((f) => `  ${f.kind}: ${f.excerpt}`);
  throw new Error(`the stack logged ${findings.length} secret(s):\n${report.join("\n")}`);
}

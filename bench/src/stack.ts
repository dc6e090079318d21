import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { type LocalStack, RATE_LIMITS_OUT_OF_REACH, startLocalStack } from "@mp/local/stack";

export interface StackUnderTest {
  gatewayUrl: string;
  databaseUrl: string;
  natsUrl: string;
  tokens: { admin: string; developer: string; provider: string };
  /** The secret settlements verifies `Stripe-Signature` with (scenario E signs its notifications with it). */
  stripeWebhookSecret: string;
  /** The Stripe stand-in settlements calls (`STRIPE_API_BASE`); undefined when the stack has none. */
  stripeApiBase: string | undefined;
  /** The Infuse-IoT simulator the launcher started (`/__simulator/` control routes); undefined when attached. */
  simulatorUrl: string | undefined;
  /** iot-adapter's ops port (`/metrics`) when the runner launched the stack; undefined when attached. */
  iotAdapterOpsUrl: string | undefined;
  /** Settlements' `STRIPE_RECONCILE_INTERVAL` (seconds): short on a launched stack, for scenario J. */
  reconcileIntervalSeconds: number;
  /** How it was obtained, for the report. */
  description: string;
  stop(): Promise<void>;
}

/** A launched stack's reconciliation interval (seconds) unless STRIPE_RECONCILE_INTERVAL says otherwise. */
export const BENCH_RECONCILE_INTERVAL_SECONDS = 10;

/** Budgets no scenario can spend: the gateway's limiter still runs on every request, it just never refuses. */

/**
 * The stack the scenarios run against: the one named by BENCH_GATEWAY_URL (with BENCH_DATABASE_URL,
 * BENCH_NATS_URL and the demo credentials file BENCH_CREDENTIALS, default `.local/demo-credentials.json`),
 * or a fresh ephemeral stack started with the launcher at LOG_LEVEL=warn and stopped afterwards, its
 * processes' environment `env` with `overrides` over it (scenario A starts a second one with
 * `RUNTIME_TUNING=off`). Settlements reconciles with Stripe every `STRIPE_RECONCILE_INTERVAL` seconds,
 * 10 unless the environment says otherwise, so scenario J can wait for a pass.
 * `BENCH_PROFILE_DIR` starts every process of that stack with `--cpu-prof` writing there, and
 * `BENCH_NODE_OPTIONS` adds Node options of your own to every process (e.g. `--trace-gc`, whose lines
 * `BENCH_VERBOSE=1` shows).
 */
export async function stackUnderTest(
  env: NodeJS.ProcessEnv,
  log: (line: string) => void,
  overrides: Record<string, string> = {},
): Promise<StackUnderTest> {
  if (env.BENCH_GATEWAY_URL) return attach(env);
  const runtimeTuning = overrides.RUNTIME_TUNING ?? (env.RUNTIME_TUNING || "on");
  const tuningSkip = overrides.RUNTIME_TUNING_SKIP ?? env.RUNTIME_TUNING_SKIP;
  const profileDir = env.BENCH_PROFILE_DIR;
  const reconcileIntervalSeconds = Number(
    overrides.STRIPE_RECONCILE_INTERVAL || env.STRIPE_RECONCILE_INTERVAL || BENCH_RECONCILE_INTERVAL_SECONDS,
  );
  const stack: LocalStack = await startLocalStack({
    ephemeral: true,
    env: {
      NODE_ENV: "development",
      DATABASE_URL: undefined,
      NATS_URL: undefined,
      S3_ENDPOINT: undefined,
      INFUSE_API_URL: undefined,
      LOG_LEVEL: "warn",
      ...RATE_LIMITS_OUT_OF_REACH,
      STRIPE_RECONCILE_INTERVAL: String(reconcileIntervalSeconds),
      ...overrides,
      NODE_OPTIONS:
        [profileDir && `--cpu-prof --cpu-prof-dir=${profileDir}`, env.BENCH_NODE_OPTIONS]
          .filter(Boolean)
          .join(" ") || undefined,
    },
    log,
  });
  return {
    gatewayUrl: stack.gatewayUrl,
    databaseUrl: stack.databaseUrl,
    natsUrl: stack.natsUrl,
    tokens: {
      admin: stack.credentials.admin.token,
      developer: stack.credentials.developer.token,
      provider: stack.credentials.provider.token,
    },
    stripeWebhookSecret: stack.stripeWebhookSecret,
    stripeApiBase: stack.stripeApiBase,
    simulatorUrl: stack.simulatorUrl,
    iotAdapterOpsUrl: stack.opsUrls["iot-adapter"],
    reconcileIntervalSeconds,
    description: `launched by the runner (ephemeral, LOG_LEVEL=warn, rate limits out of reach, RUNTIME_TUNING=${runtimeTuning}${tuningSkip ? `, RUNTIME_TUNING_SKIP=${tuningSkip}` : ""}, STRIPE_RECONCILE_INTERVAL=${reconcileIntervalSeconds})${profileDir ? ", with --cpu-prof" : ""}`,
    stop: () => stack.stop(),
  };
}

async function attach(env: NodeJS.ProcessEnv): Promise<StackUnderTest> {
  const missing = ["BENCH_DATABASE_URL", "BENCH_NATS_URL"].filter((key) => !env[key]);
  if (missing.length > 0) throw new Error(`BENCH_GATEWAY_URL is set: set ${missing.join(" and ")} too`);
  const file = env.BENCH_CREDENTIALS ?? join(process.cwd(), ".local/demo-credentials.json");
  const credentials = JSON.parse(await readFile(file, "utf8")) as Record<string, { token: string }> & {
    stripeWebhookSecret?: string;
    stripeApiBase?: string;
  };
  const token = (kind: string) => {
    const found = credentials[kind]?.token;
    if (!found) throw new Error(`${file} has no ${kind} token`);
    return found;
  };
  return {
    gatewayUrl: env.BENCH_GATEWAY_URL!.replace(/\/$/, ""),
    databaseUrl: env.BENCH_DATABASE_URL!,
    natsUrl: env.BENCH_NATS_URL!,
    tokens: { admin: token("admin"), developer: token("developer"), provider: token("provider") },
    stripeWebhookSecret: credentials.stripeWebhookSecret ?? "",
    stripeApiBase: credentials.stripeApiBase,
    simulatorUrl: undefined,
    iotAdapterOpsUrl: undefined,
    // Not readable from outside: the attached stack's own setting, as STRIPE_RECONCILE_INTERVAL tells.
    reconcileIntervalSeconds: Number(env.STRIPE_RECONCILE_INTERVAL || 300),
    description: `attached to ${env.BENCH_GATEWAY_URL} (BENCH_GATEWAY_URL); its log level and rate limits are its own`,
    stop: async () => {},
  };
}

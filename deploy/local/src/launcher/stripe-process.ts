import { REPO_ROOT } from "../paths";
import { freePort, isListening } from "../testing-infra";
import { waitForChildHealth } from "./child-health";
import { type ManagedChild, spawnManaged } from "./child-process";
import { dialHost } from "./stack-env";
import { type Env, loaderArgs, runnable } from "./targets";

/** The Stripe stand-in's default port (STRIPE_STAND_IN_PORT overrides it; ephemeral stacks take a free one). */
export const DEFAULT_STRIPE_STAND_IN_PORT = 12111;
const STAND_IN_READY_MS = 30_000;

/** Where the stand-in will listen: its URL is the `STRIPE_API_BASE` of the processes that call Stripe. */
export interface StripeStandInPlan {
  host: string;
  port: number;
  url: string;
}

/**
 * The stand-in runs unless the environment already sets `STRIPE_API_BASE` (then the stack uses that
 * server) or names a real Stripe account with a key that is not the launcher's dev key (then the stack
 * talks to Stripe's test mode itself). A fixed port already taken fails the start with its name.
 */
export async function planStripeStandIn(
  env: Env,
  ephemeral: boolean,
  devKey: string,
): Promise<StripeStandInPlan | undefined> {
  if (env.STRIPE_API_BASE !== undefined || (env.STRIPE_API_KEY && env.STRIPE_API_KEY !== devKey))
    return undefined;
  const host = env.STRIPE_STAND_IN_HOST || "127.0.0.1";
  let port: number;
  if (ephemeral) {
    port = await freePort();
  } else {
    port = env.STRIPE_STAND_IN_PORT ? Number(env.STRIPE_STAND_IN_PORT) : DEFAULT_STRIPE_STAND_IN_PORT;
    if (!Number.isInteger(port) || port < 1 || port > 65535)
      throw new Error(`STRIPE_STAND_IN_PORT must be a port, got "${env.STRIPE_STAND_IN_PORT}"`);
    if (await isListening(dialHost(host), port))
      throw new Error(
        `port ${port} for the Stripe stand-in is already in use: stop what listens there, set STRIPE_STAND_IN_PORT, or set STRIPE_API_BASE to use another server`,
      );
  }
  return { host, port, url: `http://${dialHost(host)}:${port}` };
}

/** The stand-in's own env: where to listen, where notifications go and the secret they are signed with. */
export function stripeStandInEnv(
  env: Env,
  plan: StripeStandInPlan,
  webhook: { url: string; secret: string },
): Env {
  return {
    ...env,
    STRIPE_STAND_IN_HOST: plan.host,
    STRIPE_STAND_IN_PORT: String(plan.port),
    STRIPE_STAND_IN_WEBHOOK_URL: webhook.url,
    STRIPE_WEBHOOK_SECRET: webhook.secret,
  };
}

/**
 * Spawns `deploy/local/src/stripe/main.ts` as the child named "stripe" and resolves once `GET /health`
 * answers 200; rejects with its last lines if it exits first or the deadline passes.
 */
export async function startStripeStandInChild(
  env: Env,
  sink: (line: string) => void,
  plan: StripeStandInPlan,
  signal?: AbortSignal,
): Promise<ManagedChild> {
  const child = spawnManaged({
    name: "stripe",
    command: process.execPath,
    args: [...loaderArgs(env), runnable("deploy/local/src/stripe/main.ts", env, REPO_ROOT)],
    env,
    cwd: REPO_ROOT,
    sink,
  });
  try {
    await waitForChildHealth({
      child,
      what: "the Stripe stand-in",
      url: plan.url,
      timeoutMs: STAND_IN_READY_MS,
      signal,
    });
    return child;
  } catch (error) {
    await child.stop();
    throw error;
  }
}

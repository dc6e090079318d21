import { mkdir, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { MeshKeySet } from "@mp/auth";
import { grpcUrlKey, SERVICE_NAMES, type ServiceName } from "@mp/config";
import { COMPILE_CACHE_DIR, ensureLocalBundles } from "../../../build/local-bundles";
import { type DevTokenInput, loadDevKeys, signDevToken } from "../dev-keys";
import { writeMeshKeys } from "../mesh-keys";
import { DEFAULT_DATA_DIR, REPO_ROOT } from "../paths";
import type { S3Endpoint } from "../testing-infra";
import type { ExitInfo, ManagedChild } from "./child-process";
import { consoleEnv } from "./console-env";
import { type DemoCredentials, issueDemoCredentials } from "./credentials";
import { exitMessage, type Fleet, startFleet } from "./fleet";
import { type Infra, startInfra } from "./infra";
import { waitUntilReady } from "./readiness";
import { planSimulator, type SimulatorPlan, startSimulatorChild } from "./simulator-process";
import { DEV_SECRETS, dialHost, planPorts, targetEnvs } from "./stack-env";
import {
  planStripeStandIn,
  type StripeStandInPlan,
  startStripeStandInChild,
  stripeStandInEnv,
} from "./stripe-process";
import { buildMode, type Env, missingEntries, TARGETS, type Target } from "./targets";

/**
 * Rate limits no test or benchmark load reaches (a million a minute per key, and 10,000 requests a second
 * to the simulated IoT platform), for stacks whose clients are load generators and fuzzers rather than
 * users; the limits themselves are tested in the gateway's and the iot-adapter's tests. The budgets are
 * still kept (every request is counted), they just never make anyone wait.
 */
export const RATE_LIMITS_OUT_OF_REACH = {
  RATE_LIMIT_PER_MINUTE: "1000000",
  RATE_LIMIT_UNAUTHENTICATED_PER_MINUTE: "1000000",
  RATE_LIMIT_WEBHOOK_PER_MINUTE: "1000000",
  INFUSE_MAX_RPS: "10000",
} as const;

export interface LocalStackOptions {
  /** State kept across runs: pg/, nats/, s3/, dev-keys/, demo-credentials.json. Default `.local/`. */
  dataDir?: string;
  /** Default GATEWAY_PORT, else 8080 (a free port when ephemeral). */
  gatewayPort?: number;
  /** Fresh temporary directories and free ports for everything, all removed by stop(): for tests. */
  ephemeral?: boolean;
  /** Use PostgreSQL on :5432 and NATS on :4222 when they answer, instead of starting private ones. */
  useLocal?: boolean;
  /** Merged over process.env (undefined unsets a key); read for DATABASE_URL etc. and passed to children. */
  env?: Env;
  /** Receives every line: the launcher's own (`[launcher] ...`) and each child's (`[name] ...`). */
  log?: (line: string) => void;
  /** Aborting during start-up stops what has started and rejects. */
  signal?: AbortSignal;
  readyTimeoutMs?: number;
}

export type StopReason = { kind: "requested" } | { kind: "crashed"; name: string; exit: ExitInfo };

export interface LocalStack {
  gatewayUrl: string;
  /** Each process's ops port: `/healthz`, `/readyz`, `/metrics`. */
  opsUrls: Record<Target, string>;
  credentials: DemoCredentials;
  credentialsFile: string;
  databaseUrl: string;
  natsUrl: string;
  s3: S3Endpoint;
  /**
   * The Infuse-IoT simulator the launcher started (its control routes are under `/__simulator/`), or
   * undefined when INFUSE_API_URL pointed iot-adapter at another platform.
   */
  simulatorUrl: string | undefined;
  /**
   * The Stripe stand-in the launcher started (settlements' `STRIPE_API_BASE`; its control routes are under
   * `/_control/`), or undefined when the environment named another server or Stripe itself.
   */
  stripeApiBase: string | undefined;
  /**
   * A secret settlements verifies Stripe-Signature with (the first of STRIPE_WEBHOOK_SECRET's list), for
   * signing test notifications; also written to demo-credentials.json as `stripeWebhookSecret`.
   */
  stripeWebhookSecret: string;
  /**
   * Signs a token with the stack's keys, issuer and audience (so the gateway accepts it); tests may
   * override issuer, audience or ttlSeconds to make one it must refuse.
   */
  signToken(input: Omit<DevTokenInput, "keysDir">): Promise<string>;
  /** Where each service's gRPC server is dialled (host:port). */
  grpcAddresses: Record<ServiceName, string>;
  /** The mesh keys of this run (every process's private key and the public JWKS): tests sign with them. */
  meshKeys: MeshKeySet;
  /** Resolves once everything has stopped: after stop(), or after a child died and took the stack down. */
  stopped: Promise<StopReason>;
  /** Stops every child (SIGTERM, SIGKILL after 10 s), then the infrastructure it started. Safe to call twice. */
  stop(): Promise<void>;
}

/**
 * Starts the stack the way production runs it, one process per service: infrastructure found or started,
 * every service and the gateway spawned with the env contract, then waits for every ops port's /readyz. A
 * failure on the way stops whatever had started before rejecting, so no process is left behind.
 */
export async function startLocalStack(options: LocalStackOptions = {}): Promise<LocalStack> {
  const attempts = options.ephemeral ? EPHEMERAL_START_ATTEMPTS : 1;
  for (let attempt = 1; ; attempt++) {
    try {
      return await startLocalStackOnce(options);
    } catch (error) {
      if (attempt >= attempts || !isPortTakenFailure(error)) throw error;
      logOf(options)(
        `[launcher] a planned port was taken before its process bound it; starting again on fresh ports (attempt ${attempt + 1} of ${attempts})`,
      );
    }
  }
}

/**
 * An ephemeral stack plans free ports, then its processes bind them a second or two later; another stack
 * starting at the same moment (test projects run side by side) can take one meanwhile. The failed start
 * has already stopped everything it started, so starting again on freshly planned ports is safe.
 */
const EPHEMERAL_START_ATTEMPTS = 3;

/** Where the launcher's lines go: the caller's sink, else standard output. */
function logOf(options: LocalStackOptions): (line: string) => void {
  return options.log ?? ((line: string) => process.stdout.write(`${line}\n`));
}

/** A start-up that failed because a process could not bind its planned port. */
export function isPortTakenFailure(error: unknown): boolean {
  return error instanceof Error && /EADDRINUSE/.test(error.message);
}

async function startLocalStackOnce(options: LocalStackOptions): Promise<LocalStack> {
  const { ephemeral = false, useLocal, signal } = options;
  const env = mergeEnv(process.env, options.env);
  const log = logOf(options);
  const say = (message: string) => log(`[launcher] ${message}`);
  if (buildMode(env) === "compiled") {
    const building = Date.now();
    const why = await ensureLocalBundles(REPO_ROOT);
    say(why ? `built the bundles in ${since(building)} (${why})` : "the bundles are up to date");
    // Node keeps the bundles' compiled code there, so every later start skips compiling them (as the
    // images do with the cache they are built with): about a tenth of a stack's start-up CPU.
    env.NODE_COMPILE_CACHE ||= join(REPO_ROOT, COMPILE_CACHE_DIR);
  }
  const missing = missingEntries(env, REPO_ROOT);
  if (missing.length > 0) throw new Error(`cannot start: missing entry points ${missing.join(", ")}`);
  const ports = await planPorts(env, ephemeral, options.gatewayPort);
  const simulatorPlan = await planSimulator(env, ephemeral);
  const stripePlan = await planStripeStandIn(env, ephemeral, DEV_SECRETS.STRIPE_API_KEY);
  const cleanups = new Cleanups();
  try {
    const started = Date.now();
    const dataDir = ephemeral
      ? await mkdtemp(join(tmpdir(), "mp-local-"))
      : (options.dataDir ?? DEFAULT_DATA_DIR);
    await mkdir(dataDir, { recursive: true });
    if (ephemeral) cleanups.add(() => rm(dataDir, { recursive: true, force: true }));
    const onStarting = () => say("starting PostgreSQL, NATS JetStream and S3 ...");
    const infra = await startInfra({ env, dataDir, ephemeral, useLocal, onStarting });
    cleanups.add(infra.stop);
    say(`infrastructure up in ${since(started)}: ${describeInfra(infra)}`);
    if (signal?.aborted) throw new Error("start-up interrupted");

    const keysDir = join(dataDir, "dev-keys");
    const keys = await loadDevKeys(keysDir);
    const mesh = await writeMeshKeys(join(dataDir, "mesh-keys"), TARGETS);
    const simulator = await startSimulator(env, simulatorPlan, log, signal);
    if (simulator) cleanups.add(() => simulator.child.stop());
    const infuse = simulator && { url: simulator.plan.url, apiKey: simulator.plan.apiKey };
    const stripeApiBase = stripePlan?.url ?? env.STRIPE_API_BASE;
    const envs = targetEnvs(env, { ...infra, ports, jwksFile: keys.jwksPath, mesh, infuse, stripeApiBase });
    const credentialsFile = join(dataDir, "demo-credentials.json");
    envs.gateway = { ...envs.gateway, ...consoleEnv(env, envs.gateway, credentialsFile) };
    const webhook = {
      url: `http://${dialHost(envs.gateway.GATEWAY_HOST!)}:${ports.gateway}/marketplace/webhooks/stripe`,
      secret: signingSecretOf(envs.settlements.STRIPE_WEBHOOK_SECRET),
    };
    const stripe = stripePlan && (await startStripe(env, stripePlan, webhook, log, signal));
    if (stripe) cleanups.add(() => stripe.stop());
    const helpers = [simulator?.child, stripe].filter((child) => child !== undefined);
    const fleet = startFleet(env, envs, log, helpers);
    cleanups.add(fleet.stop);
    const gatewayUrl = `http://${dialHost(envs.gateway.GATEWAY_HOST!)}:${ports.gateway}`;
    const opsHost = dialHost(envs.gateway.OPS_HOST!);
    const opsUrls = Object.fromEntries(
      TARGETS.map((target) => [target, `http://${opsHost}:${ports.ops[target]}`]),
    ) as Record<Target, string>;
    say(`started ${fleet.children.size} processes; waiting for each one's /readyz ...`);
    const timeoutMs = options.readyTimeoutMs;
    await waitUntilReady({ opsUrls, fleet, timeoutMs, signal });
    const grpcAddresses = Object.fromEntries(
      SERVICE_NAMES.map((name) => [name, envs.gateway[grpcUrlKey(name)]]),
    ) as Record<ServiceName, string>;

    const issuer = envs.gateway.AUTH_ISSUER!;
    const audience = envs.gateway.AUTH_AUDIENCE!;
    const stripeWebhookSecret = signingSecretOf(envs.settlements.STRIPE_WEBHOOK_SECRET);
    const credentials = await issueDemoCredentials(
      { path: credentialsFile, keysDir, issuer, audience },
      { gatewayUrl, stripeWebhookSecret, stripeApiBase, databaseUrl: infra.databaseUrl },
    );
    say(`ready in ${since(started)}`);
    return {
      gatewayUrl,
      opsUrls,
      credentials,
      credentialsFile,
      databaseUrl: infra.databaseUrl,
      natsUrl: infra.natsUrl,
      s3: infra.s3,
      simulatorUrl: simulator?.plan.url,
      stripeApiBase,
      stripeWebhookSecret,
      grpcAddresses,
      meshKeys: mesh.keys,
      signToken: (input) => signDevToken({ issuer, audience, ...input, keysDir }),
      ...stopControl(fleet, cleanups, say),
    };
  } catch (error) {
    await cleanups.run();
    throw error;
  }
}

/** The simulator child, started and answering /health before any service, unless INFUSE_API_URL is set. */
async function startSimulator(
  env: Env,
  plan: SimulatorPlan | undefined,
  log: (line: string) => void,
  signal: AbortSignal | undefined,
): Promise<{ plan: SimulatorPlan; child: ManagedChild } | undefined> {
  if (!plan) {
    log(`[launcher] INFUSE_API_URL is set: iot-adapter uses ${env.INFUSE_API_URL}, no simulator started`);
    return undefined;
  }
  const child = await startSimulatorChild(env, plan, log, signal);
  log(`[launcher] Infuse-IoT simulator ready on ${plan.url}`);
  return { plan, child };
}

/** The Stripe stand-in child, answering /health, sending notifications to the gateway's webhook route. */
async function startStripe(
  env: Env,
  plan: StripeStandInPlan,
  webhook: { url: string; secret: string },
  log: (line: string) => void,
  signal: AbortSignal | undefined,
): Promise<ManagedChild> {
  const child = await startStripeStandInChild(stripeStandInEnv(env, plan, webhook), log, plan, signal);
  log(`[launcher] Stripe stand-in ready on ${plan.url} (notifications to ${webhook.url})`);
  return child;
}

/** Undo steps for what has started, run newest first: children before the infrastructure they use. */
class Cleanups {
  private readonly steps: (() => Promise<unknown>)[] = [];

  add(step: () => Promise<unknown>): void {
    this.steps.push(step);
  }

  async run(): Promise<void> {
    for (const step of this.steps.splice(0).reverse()) await step().catch(() => undefined);
  }
}

/** stop() runs the clean-ups once however often it is called; a child dying on its own triggers it too. */
function stopControl(
  fleet: Fleet,
  cleanups: Cleanups,
  say: (message: string) => void,
): Pick<LocalStack, "stop" | "stopped"> {
  let resolveStopped: (reason: StopReason) => void = () => {};
  const stopped = new Promise<StopReason>((resolve) => {
    resolveStopped = resolve;
  });
  let stopping: Promise<void> | undefined;
  const stopWith = (reason: StopReason) => {
    stopping ??= (async () => {
      say("stopping ...");
      await cleanups.run();
      say("stopped");
      resolveStopped(reason);
    })();
    return stopping;
  };
  fleet.unexpectedExit.then(({ child, exit }) => {
    if (stopping) return;
    say(`${exitMessage(child.name, exit)}; stopping the stack`);
    void stopWith({ kind: "crashed", name: child.name, exit });
  });
  return { stopped, stop: () => stopWith({ kind: "requested" }) };
}

function describeInfra(infra: Infra): string {
  const { sources } = infra;
  const host = (url: string) => new URL(url.replace(/^nats:/, "http:")).host;
  return [
    `postgres ${sources.postgres} (${host(infra.databaseUrl)})`,
    `nats ${sources.nats} (${host(infra.natsUrl)})`,
    `s3 ${sources.s3} (${host(infra.s3.endpoint)})`,
  ].join(", ");
}

/** STRIPE_WEBHOOK_SECRET may list several secrets (a rotation); any of them signs, the first is used. */
function signingSecretOf(secrets: string | undefined): string {
  const first = secrets?.split(",")[0]?.trim();
  if (!first) throw new Error("settlements has no STRIPE_WEBHOOK_SECRET");
  return first;
}

function mergeEnv(base: Env, overrides: Env = {}): Env {
  const merged: Env = { ...base };
  for (const [key, value] of Object.entries(overrides)) {
    if (value === undefined) delete merged[key];
    else merged[key] = value;
  }
  return merged;
}

function since(start: number): string {
  return `${((Date.now() - start) / 1000).toFixed(1)} s`;
}

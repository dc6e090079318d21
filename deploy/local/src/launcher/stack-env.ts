import { DEFAULT_GRPC_PORTS, grpcPortKey, grpcUrlKey, SERVICE_NAMES, type ServiceName } from "@mp/config";
import { DEFAULT_OPS_PORTS } from "@mp/runtime/ops-config";
import { PLATFORM_OPERATOR } from "../demo";
import { DEV_AUDIENCE, DEV_ISSUER } from "../dev-keys";
import type { S3Endpoint } from "../testing-infra";
import { freePort, isListening } from "../testing-infra";
import { type Env, TARGETS, type Target } from "./targets";

export interface PortPlan {
  gateway: number;
  grpc: Record<ServiceName, number>;
  /** Each process's ops port (`/healthz`, `/readyz`, `/metrics`). */
  ops: Record<Target, number>;
}

/** The launcher's own override of one process's ops port: `CATALOGUE_OPS_PORT`, `GATEWAY_OPS_PORT`. */
export function opsPortKey(target: Target): string {
  return `${target.toUpperCase().replace(/-/g, "_")}_OPS_PORT`;
}

/** Development values for secrets the services require; never valid anywhere but a local stack. */
export const DEV_SECRETS = {
  STRIPE_WEBHOOK_SECRET: "whsec_dev_local_marketplace_0000000000",
  STRIPE_API_KEY: "sk_test_dev",
  /** Given to iot-adapter and, as SIMULATOR_API_KEY, to the Infuse-IoT simulator (an `ik_` platform key). */
  INFUSE_API_KEY: "ik_dev_marketplace_local",
} as const;

/** The Infuse-IoT simulator's default address, for an env computed without a started simulator. */
export const DEFAULT_INFUSE_API_URL = "http://127.0.0.1:8090";

/**
 * Ports for the services and the gateway, and each one's ops port. Ephemeral stacks take free ports so tests run side by side;
 * otherwise the contract's defaults (or `<NAME>_GRPC_PORT`, `GATEWAY_PORT`) are used and a port already
 * taken fails the start with its name, rather than a service crashing on EADDRINUSE later.
 */
export async function planPorts(
  env: Env,
  ephemeral: boolean,
  gatewayPort?: number,
  /** Whether something already listens at host:port; tests pass their own so no real port matters. */
  inUse: (host: string, port: number) => Promise<boolean> = isListening,
): Promise<PortPlan> {
  if (ephemeral) {
    const taken = new Set<number>();
    const take = async (): Promise<number> => {
      for (;;) {
        const port = await freePort();
        if (taken.has(port)) continue;
        taken.add(port);
        return port;
      }
    };
    const grpc = {} as Record<ServiceName, number>;
    for (const name of SERVICE_NAMES) grpc[name] = await take();
    const ops = {} as Record<Target, number>;
    for (const target of TARGETS) ops[target] = await take();
    return { gateway: gatewayPort ?? (await take()), grpc, ops };
  }
  const grpcHost = dialHost(env.GRPC_HOST ?? "127.0.0.1");
  const grpc = {} as Record<ServiceName, number>;
  for (const name of SERVICE_NAMES) {
    const key = grpcPortKey(name);
    grpc[name] = await unusedPort(
      name,
      key,
      grpcHost,
      parsePort(key, env[key], DEFAULT_GRPC_PORTS[name]),
      inUse,
    );
  }
  const opsHost = dialHost(env.OPS_HOST ?? "127.0.0.1");
  const ops = {} as Record<Target, number>;
  for (const target of TARGETS) {
    const key = opsPortKey(target);
    const port = parsePort(key, env[key], DEFAULT_OPS_PORTS[target]);
    ops[target] = await unusedPort(`${target}'s ops server`, key, opsHost, port, inUse);
  }
  const gatewayHost = dialHost(env.GATEWAY_HOST ?? "127.0.0.1");
  const gateway = gatewayPort ?? parsePort("GATEWAY_PORT", env.GATEWAY_PORT, 8080);
  return { gateway: await unusedPort("gateway", "GATEWAY_PORT", gatewayHost, gateway, inUse), grpc, ops };
}

async function unusedPort(
  name: string,
  key: string,
  host: string,
  port: number,
  inUse: (host: string, port: number) => Promise<boolean>,
): Promise<number> {
  if (await inUse(host, port)) {
    throw new Error(`port ${port} for ${name} is already in use: stop what listens there or set ${key}`);
  }
  return port;
}

function parsePort(key: string, raw: string | undefined, fallback: number): number {
  if (raw === undefined || raw === "") return fallback;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 1 || port > 65535)
    throw new Error(`${key} must be a port, got "${raw}"`);
  return port;
}

/** Where peers dial a server bound to `host`: a wildcard bind is reached through loopback. */
export function dialHost(host: string): string {
  return host === "0.0.0.0" || host === "::" ? "127.0.0.1" : host;
}

export interface StackEndpoints {
  databaseUrl: string;
  natsUrl: string;
  s3: S3Endpoint;
  ports: PortPlan;
  jwksFile: string;
  /** The mesh keys the launcher made: each process's private key file and the public JWKS file. */
  mesh: { jwksFile: string; privateKeyFiles: Record<Target, string> };
  /** The Infuse-IoT simulator the launcher started; absent when INFUSE_API_URL names another platform. */
  infuse?: { url: string; apiKey: string };
  /** Where the processes that call Stripe's API reach it (the stand-in); absent: Stripe itself. */
  stripeApiBase?: string | undefined;
}

/**
 * The env contract, per target: everything inherited from the launcher's environment, then the
 * infrastructure the launcher found or started, every service's port and peer URL, and each target's own
 * keys. Secrets go only to the target that uses them, as in docker-compose and Kubernetes.
 */
export function targetEnvs(env: Env, endpoints: StackEndpoints): Record<Target, Env> {
  const grpcHost = env.GRPC_HOST ?? "127.0.0.1";
  const opsHost = env.OPS_HOST ?? "127.0.0.1";
  const common: Env = {
    ...env,
    NODE_ENV: env.NODE_ENV ?? "development",
    LOG_LEVEL: env.LOG_LEVEL ?? "info",
    // glibc's malloc keeps an arena per thread that allocated (up to 8 per core) and rarely gives one back:
    // two bound what a burst leaves resident, as in the Kubernetes manifests.
    MALLOC_ARENA_MAX: env.MALLOC_ARENA_MAX ?? "2",
    DATABASE_URL: endpoints.databaseUrl,
    NATS_URL: endpoints.natsUrl,
    BUS_NAMESPACE: env.BUS_NAMESPACE ?? "",
    GRPC_HOST: grpcHost,
    S3_ENDPOINT: endpoints.s3.endpoint,
    S3_REGION: endpoints.s3.region,
    S3_ACCESS_KEY_ID: endpoints.s3.accessKeyId,
    S3_SECRET_ACCESS_KEY: endpoints.s3.secretAccessKey,
    S3_BUCKET: endpoints.s3.bucket,
  };
  for (const name of SERVICE_NAMES) {
    common[grpcPortKey(name)] = String(endpoints.ports.grpc[name]);
    common[grpcUrlKey(name)] = `${dialHost(grpcHost)}:${endpoints.ports.grpc[name]}`;
  }
  // Mesh keys come only from the launcher's files: an inherited inline key would name a second source.
  for (const key of ["MESH_PRIVATE_KEY", "MESH_PRIVATE_KEY_FILE", "MESH_JWKS", "MESH_JWKS_FILE"])
    delete common[key];
  const envs = Object.fromEntries(
    SERVICE_NAMES.map((name): [string, Env] => [
      name,
      {
        ...common,
        MESH_PRIVATE_KEY_FILE: endpoints.mesh.privateKeyFiles[name],
        MESH_JWKS_FILE: endpoints.mesh.jwksFile,
      },
    ]),
  ) as Record<Target, Env>;
  envs["iot-adapter"] = {
    ...envs["iot-adapter"],
    INFUSE_API_URL: env.INFUSE_API_URL || endpoints.infuse?.url || DEFAULT_INFUSE_API_URL,
    INFUSE_API_KEY: env.INFUSE_API_KEY || endpoints.infuse?.apiKey || DEV_SECRETS.INFUSE_API_KEY,
  };
  envs.settlements = {
    ...envs.settlements,
    STRIPE_WEBHOOK_SECRET: env.STRIPE_WEBHOOK_SECRET ?? DEV_SECRETS.STRIPE_WEBHOOK_SECRET,
    STRIPE_API_KEY: env.STRIPE_API_KEY ?? DEV_SECRETS.STRIPE_API_KEY,
    ...(endpoints.stripeApiBase ? { STRIPE_API_BASE: endpoints.stripeApiBase } : {}),
    // The demo operator organisation, whose admin token is the credentials file's `operator`.
    PLATFORM_ORGANISATION_ID: env.PLATFORM_ORGANISATION_ID || PLATFORM_OPERATOR.id,
  };
  // Local receivers live on this machine: webhooks may post to loopback and private addresses here.
  envs.webhooks = { ...envs.webhooks, WEBHOOK_ALLOW_PRIVATE: env.WEBHOOK_ALLOW_PRIVATE ?? "1" };
  envs.gateway = {
    ...common,
    MESH_PRIVATE_KEY_FILE: endpoints.mesh.privateKeyFiles.gateway,
    MESH_JWKS_FILE: endpoints.mesh.jwksFile,
    GATEWAY_HOST: env.GATEWAY_HOST ?? "127.0.0.1",
    GATEWAY_PORT: String(endpoints.ports.gateway),
    AUTH_ISSUER: env.AUTH_ISSUER ?? DEV_ISSUER,
    AUTH_AUDIENCE: env.AUTH_AUDIENCE ?? DEV_AUDIENCE,
    RATE_LIMIT_PER_MINUTE: env.RATE_LIMIT_PER_MINUTE ?? "1000",
    ...(env.AUTH_JWKS_URL ? {} : { AUTH_JWKS_FILE: endpoints.jwksFile }),
  };
  for (const target of TARGETS) {
    envs[target] = { ...envs[target], OPS_HOST: opsHost, OPS_PORT: String(endpoints.ports.ops[target]) };
  }
  return envs;
}

import { grpcPortKey, grpcUrlKey, type ServiceName } from "@mp/config";
import type { Target } from "@mp/local/targets";
import { configMapEnv, manifestEnv } from "./manifest-env";
import {
  DATABASE,
  GATEWAY_PORT,
  grpcPort,
  grpcTarget,
  HOST,
  JWKS_PORT,
  natsUrl,
  opsPort,
  type Replica,
  S3_PORT,
  SERVICES,
  SIMULATOR_PORT,
} from "./topology";

type Env = Record<string, string>;

/** Where the rehearsal's PostgreSQL database is (the machine's server, a database of its own). */
export function databaseUrl(database = DATABASE): string {
  return `postgres://postgres@${HOST}:5432/${database}`;
}

/** s3rver knows one account; the manifests' keys name a real store's. */
export const S3RVER_KEYS = { S3_ACCESS_KEY_ID: "S3RVER", S3_SECRET_ACCESS_KEY: "S3RVER" } as const;

/** The CA certificate the gateway trusts for the JWKS, mounted at this path. */
export const JWKS_CA_FILE = "/etc/marketplace/rehearsal-ca/ca.pem";

/**
 * Authenticated requests per organisation per minute. The drill sends a few thousand a minute from three
 * demo organisations through two gateways with their own (in-memory) counters; the manifests' 600 would
 * turn most of them into 429s, which the drill is not about.
 */
export const DRILL_RATE_LIMIT_PER_MINUTE = "1000000";

/**
 * Each stream's byte limit. JetStream reserves a stream's max_bytes on every node holding a replica, and
 * the manifests' nats.conf allows 8G of file store per node while BUS_STREAM_MAX_BYTES=10GiB: not one
 * stream can be placed ("no suitable peers for placement, insufficient storage"). Seven streams at 1 GiB
 * fit in 8G; the manifests need the same change (docs/rehearsal.md).
 */
export const STREAM_MAX_BYTES = "1GiB";

/**
 * The keys whose manifest value names a Kubernetes address or a real provider's, replaced here by this
 * machine's: everything else a container gets is the manifests' value unchanged.
 */
export const REPLACED_KEYS = [
  "DATABASE_URL",
  "NATS_URL",
  "S3_ENDPOINT",
  "S3_ACCESS_KEY_ID",
  "S3_SECRET_ACCESS_KEY",
  "INFUSE_API_URL",
  "OPS_PORT",
  "AUTH_JWKS_URL",
  "RATE_LIMIT_PER_MINUTE",
  "BUS_STREAM_MAX_BYTES",
  ...SERVICES.flatMap((s) => [grpcUrlKey(s), grpcPortKey(s)]),
] as const;

/**
 * Keys the manifests do not set that the rehearsal adds: the shared API port, the JWKS's private CA, and
 * test mode as the default payment mode (the rehearsal pays with Stripe test-mode events, as the dev
 * overlay's `sk_test_` key implies; in production the default is live, and test purchases would be
 * neither listed nor installable).
 */
export const ADDED_KEYS = ["GATEWAY_REUSE_PORT", "NODE_EXTRA_CA_CERTS", "PAYMENTS_DEFAULT_LIVEMODE"] as const;

/** The services that read PAYMENTS_DEFAULT_LIVEMODE. */
const PAYMENT_SERVICES = new Set<string>(["purchases", "settlements"]);

/**
 * One replica's environment: the manifests' (base ConfigMaps, the Deployment's own `env`, the dev overlay's
 * Secrets), with addresses pointing at this machine's containers and the replica's own ports.
 */
export function replicaEnv(target: Target, replica: Replica): Env {
  const { env } = manifestEnv(target);
  const out: Env = { ...env };
  out.DATABASE_URL = databaseUrl();
  for (const service of SERVICES) {
    if (out[grpcUrlKey(service)] !== undefined) out[grpcUrlKey(service)] = grpcTarget(service);
  }
  out.OPS_PORT = String(opsPort(target, replica));
  out.BUS_STREAM_MAX_BYTES = STREAM_MAX_BYTES;
  if (target === "gateway") {
    out.GATEWAY_PORT = String(GATEWAY_PORT);
    out.GATEWAY_REUSE_PORT = "true";
    out.AUTH_JWKS_URL = `https://${HOST}:${JWKS_PORT}/jwks.json`;
    out.NODE_EXTRA_CA_CERTS = JWKS_CA_FILE;
    out.RATE_LIMIT_PER_MINUTE = DRILL_RATE_LIMIT_PER_MINUTE;
    return out;
  }
  const service = target as ServiceName;
  if (PAYMENT_SERVICES.has(service)) out.PAYMENTS_DEFAULT_LIVEMODE = "false";
  out[grpcPortKey(service)] = String(grpcPort(service, replica));
  const nats = new URL((env.NATS_URL ?? "").split(",")[0] as string);
  out.NATS_URL = natsUrl(decodeURIComponent(nats.username), decodeURIComponent(nats.password));
  if (out.S3_ENDPOINT !== undefined) {
    out.S3_ENDPOINT = `http://${HOST}:${S3_PORT}`;
    for (const [key, value] of Object.entries(S3RVER_KEYS)) if (out[key] !== undefined) out[key] = value;
  }
  if (out.INFUSE_API_URL !== undefined) out.INFUSE_API_URL = `http://${HOST}:${SIMULATOR_PORT}`;
  return out;
}

/** The migration Jobs' environment (`marketplace-env` and the database), for `<image> migrate`. */
export function migrateEnv(): Env {
  return { ...configMapEnv("marketplace-env"), DATABASE_URL: databaseUrl() };
}

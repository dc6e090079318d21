import { grpcPortKey, grpcUrlKey, type ServiceName } from "@mp/config";
import type { Target } from "@mp/local/targets";
import { configMapEnv, manifestEnv } from "./manifest-env";
import {
  DATABASE,
  gatewayPort,
  grpcPort,
  grpcTarget,
  HOST,
  JWKS_PORT,
  natsUrl,
  opsPort,
  REDIS_PORT,
  type Replica,
  S3_PORT,
  SERVICES,
  SIMULATOR_PORT,
  STRIPE_PORT,
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
  "AUTH_ISSUER",
  "RATE_LIMIT_PER_MINUTE",
  "RATE_LIMIT_REDIS_URL",
  "NODE_ENV",
  "GATEWAY_PORT",
  ...SERVICES.flatMap((s) => [grpcUrlKey(s), grpcPortKey(s)]),
] as const;

/**
 * Keys the manifests do not set that the rehearsal adds: the JWKS's private CA, the ingress's address as
 * the trusted proxy, and test mode as the default payment mode (the rehearsal pays with Stripe test-mode
 * events, as the dev overlay's `sk_test_` key implies; in production the default is live, and test
 * purchases would be neither listed nor installable).
 *
 * TRUST_PROXY: the prod overlay sets it to the ingress controller's address range (192.0.2.0/24, a
 * placeholder), the base and the dev overlay the rehearsal reads do not. The rehearsal's ingress connects
 * from 127.0.0.1, so that address alone may set X-Forwarded-For, as the prod overlay intends for its range.
 */
export const ADDED_KEYS = [
  "NODE_EXTRA_CA_CERTS",
  "TRUST_PROXY",
  "PAYMENTS_DEFAULT_LIVEMODE",
  "STRIPE_API_BASE",
] as const;

/** The rehearsal ingress's address, the one hop the gateways let set X-Forwarded-For. */
export const TRUST_PROXY = `${HOST}/32`;

/** The issuer of the rehearsal's tokens: the auth container's address. */
export const REHEARSAL_ISSUER = `https://${HOST}:${JWKS_PORT}`;

/** Where the gateways reach the redis container for their shared rate-limit counters. */
export const REDIS_URL = `redis://${HOST}:${REDIS_PORT}`;

/** Where settlements reaches the Stripe stand-in container. */
export const STRIPE_API_BASE = `http://${HOST}:${STRIPE_PORT}`;

/**
 * The one workload not in production mode. Settlements' production rules refuse a test-mode key and
 * `STRIPE_API_BASE` (production talks to Stripe itself), and the rehearsal has neither a live key nor
 * Stripe: it pays through the stand-in with the dev overlay's `sk_test_` key. So settlements runs with
 * the dev overlay's `NODE_ENV=development`, which switches off only those rules, the default payment mode
 * (set explicitly here anyway) and the operator organisation's requirement (the manifests set one).
 */
export const DEVELOPMENT_MODE_SERVICE = "settlements";

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
  if (target === "gateway") {
    // Each replica on its own port behind the ingress, as each pod has its own address behind the Service.
    out.GATEWAY_PORT = String(gatewayPort(replica));
    out.TRUST_PROXY = TRUST_PROXY;
    out.AUTH_JWKS_URL = `https://${HOST}:${JWKS_PORT}/jwks.json`;
    // The auth container is the rehearsal's identity provider, so it is the issuer too: the manifests'
    // placeholder issuer is the development one, which the gateway refuses in production.
    out.AUTH_ISSUER = REHEARSAL_ISSUER;
    out.NODE_EXTRA_CA_CERTS = JWKS_CA_FILE;
    out.RATE_LIMIT_PER_MINUTE = DRILL_RATE_LIMIT_PER_MINUTE;
    // The manifests' redis Service, here the rehearsal's redis container: both gateways share counters.
    if (out.RATE_LIMIT_REDIS_URL !== undefined) out.RATE_LIMIT_REDIS_URL = REDIS_URL;
    return out;
  }
  const service = target as ServiceName;
  if (PAYMENT_SERVICES.has(service)) out.PAYMENTS_DEFAULT_LIVEMODE = "false";
  if (service === DEVELOPMENT_MODE_SERVICE) {
    out.NODE_ENV = "development";
    out.STRIPE_API_BASE = STRIPE_API_BASE;
  }
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

import { isIP } from "node:net";
import { meshEnv } from "@mp/auth";
import {
  DEFAULT_GRPC_PORTS,
  envBoolean,
  grpcUrlKey,
  loadConfig,
  port,
  SERVICE_NAMES,
  type ServiceName,
  serviceEnv,
  z,
} from "@mp/config";
import { dbEnv } from "@mp/db";
import { grpcTlsEnv, refineGrpcTls } from "@mp/grpc";
import { opsEnv } from "@mp/runtime/ops";

/**
 * `host:port` a gRPC channel dials, or grpc-js's static list `ipv4:host:port,host:port` (replicas on one
 * machine, balanced round_robin); a URL scheme or path here is a configuration mistake.
 */
const grpcAddress = (service: ServiceName) =>
  z
    .string()
    .regex(
      /^[A-Za-z0-9.-]+:\d{1,5}$|^\[[0-9a-fA-F:]+\]:\d{1,5}$|^ipv4:\d{1,3}(\.\d{1,3}){3}:\d{1,5}(,\d{1,3}(\.\d{1,3}){3}:\d{1,5})*$/,
      "expected host:port",
    )
    .default(`127.0.0.1:${DEFAULT_GRPC_PORTS[service]}`);

/** Defaults of the token issuer and audience outside production (the local launcher's demo keys). */
export const DEVELOPMENT_ISSUER = "https://auth.marketplace.local";
export const DEVELOPMENT_AUDIENCE = "marketplace-api";

/** Named ranges the proxy-address matcher understands, besides addresses and CIDRs. */
const NAMED_RANGES = new Set(["loopback", "linklocal", "uniquelocal"]);

function isAddressOrCidr(entry: string): boolean {
  if (NAMED_RANGES.has(entry)) return true;
  const [address, prefix, extra] = entry.split("/");
  if (extra !== undefined || !address) return false;
  const family = isIP(address);
  if (family === 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * `TRUST_PROXY`: which hops may set `X-Forwarded-For`, so `request.ip` (and with it the per-address rate
 * limit) is the client's address rather than the ingress's. Off by default: without a proxy in front,
 * trusting the header would let every client pick its own address. `true` (trust any hop) is refused for
 * the same reason.
 */
const trustProxy = z
  .string()
  .trim()
  .optional()
  .transform((value, ctx): false | number | string[] => {
    if (value === undefined || value === "" || value === "false") return false;
    if (/^\d+$/.test(value)) {
      const hops = Number(value);
      if (hops >= 1 && hops <= 16) return hops;
      ctx.addIssue({ code: "custom", message: "a hop count is 1..16" });
      return z.NEVER;
    }
    const entries = value.split(",").map((entry) => entry.trim());
    const bad = entries.filter((entry) => !isAddressOrCidr(entry));
    if (bad.length > 0) {
      ctx.addIssue({
        code: "custom",
        message: `expected false, a hop count, or a comma-separated list of addresses/CIDRs of the ingress (not ${bad
          .map((entry) => JSON.stringify(entry))
          .join(", ")})`,
      });
      return z.NEVER;
    }
    return entries;
  });

const perMinute = (fallback: number) => z.coerce.number().int().min(1).max(1_000_000).default(fallback);

/** The keys as read; `gatewayConfigSchema` adds the rules between them and the production defaults. */
const gatewayEnv = z.object({
  /** No default: a gateway that guessed `development` would accept dev keys and a local JWKS file. */
  NODE_ENV: z.enum(["development", "test", "production"], {
    error: "required: development, test or production (the gateway does not assume one)",
  }),
  LOG_LEVEL: serviceEnv.LOG_LEVEL,
  GATEWAY_HOST: z.string().min(1).default("127.0.0.1"),
  GATEWAY_PORT: port.default(8080),
  /** SO_REUSEPORT on the listener: several gateways on one host share GATEWAY_PORT (the rehearsal). */
  GATEWAY_REUSE_PORT: envBoolean.default(false),
  /**
   * On SIGTERM: how long requests are still served, each answer with `Connection: close`, before the port
   * closes, so keep-alive clients leave their connections after an answer instead of having them reset.
   */
  GATEWAY_DRAIN_MS: z.coerce.number().int().min(0).max(120_000).default(0),
  /** The gateway's own database; its `gateway` schema holds API keys. */
  DATABASE_URL: serviceEnv.DATABASE_URL,
  CATALOGUE_GRPC_URL: grpcAddress("catalogue"),
  PUBLISHING_GRPC_URL: grpcAddress("publishing"),
  ASSETS_GRPC_URL: grpcAddress("assets"),
  LISTINGS_GRPC_URL: grpcAddress("listings"),
  PURCHASES_GRPC_URL: grpcAddress("purchases"),
  SETTLEMENTS_GRPC_URL: grpcAddress("settlements"),
  IOT_ADAPTER_GRPC_URL: grpcAddress("iot-adapter"),
  WEBHOOKS_GRPC_URL: grpcAddress("webhooks"),
  AUTH_ISSUER: z.string().min(1).optional(),
  AUTH_AUDIENCE: z.string().min(1).optional(),
  AUTH_JWKS_URL: z.url({ protocol: /^https?$/ }).optional(),
  AUTH_JWKS_FILE: z.string().min(1).optional(),
  TRUST_PROXY: trustProxy,
  RATE_LIMIT_PER_MINUTE: perMinute(600),
  RATE_LIMIT_UNAUTHENTICATED_PER_MINUTE: perMinute(120),
  RATE_LIMIT_WEBHOOK_PER_MINUTE: perMinute(120_000),
  RATE_LIMIT_REDIS_URL: z
    .url({ protocol: /^rediss?$/, error: "expected a redis:// or rediss:// URL" })
    .optional(),
  OTEL_EXPORTER_OTLP_ENDPOINT: serviceEnv.OTEL_EXPORTER_OTLP_ENDPOINT,
  /** The built web console (`apps/console/dist`), served at `/console` when set. */
  CONSOLE_DIST: z.string().min(1).optional(),
  /** The launcher's demo-credentials.json, whose tokens the console's sign-in offers (development only). */
  CONSOLE_DEMO_CREDENTIALS_FILE: z.string().min(1).optional(),
  /** The identity provider the console signs in with (authorization code + PKCE) and its public client. */
  CONSOLE_OIDC_ISSUER: z.url({ protocol: /^https?$/ }).optional(),
  CONSOLE_OIDC_CLIENT_ID: z.string().min(1).optional(),
  CONSOLE_OIDC_SCOPE: z.string().min(1).default("openid profile"),
  CONSOLE_OIDC_AUDIENCE: z.string().min(1).optional(),
  /** The ops port (`/healthz`, `/readyz`, `/metrics`) and the database pool's settings. */
  ...opsEnv,
  ...dbEnv,
  /**
   * The gateway's mesh key and the mesh's public keys (its calls are MACed under keys shared with each
   * service's); checked when its upstream clients are made (`clients.ts`).
   */
  ...meshEnv,
  /** gRPC over mutual TLS to the services (all three or none; checked when the clients are made). */
  ...grpcTlsEnv,
});

/** Every key the gateway reads from the environment. */
export const GATEWAY_CONFIG_KEYS = Object.keys(gatewayEnv.shape);

type GatewayEnv = z.output<typeof gatewayEnv>;
type Issue = { path: string; message: string };

/** The JWKS source rules: exactly one of URL and file; the file only in development; https in production. */
function jwksIssues(env: Partial<GatewayEnv>, nodeEnv: string | undefined): Issue[] {
  const url = env.AUTH_JWKS_URL;
  const file = env.AUTH_JWKS_FILE;
  const issues: Issue[] = [];
  if (file !== undefined && nodeEnv !== "development") {
    issues.push({
      path: "AUTH_JWKS_FILE",
      message: `a local JWKS file is accepted only when NODE_ENV=development (NODE_ENV is ${nodeEnv ?? "unset"}); set AUTH_JWKS_URL`,
    });
  } else if (file !== undefined && url !== undefined) {
    issues.push({ path: "AUTH_JWKS_FILE", message: "set AUTH_JWKS_URL or AUTH_JWKS_FILE, not both" });
  } else if (file === undefined && url === undefined) {
    issues.push({
      path: "AUTH_JWKS_URL",
      message: "required: the identity provider's JWKS address (or AUTH_JWKS_FILE in development)",
    });
  }
  if (nodeEnv === "production" && url !== undefined && !url.startsWith("https:")) {
    issues.push({ path: "AUTH_JWKS_URL", message: "must be an https URL in production" });
  }
  return issues;
}

/** Demo tokens are handed out in development only; an identity provider needs its client id. */
function consoleIssues(env: Partial<GatewayEnv>, nodeEnv: string | undefined): Issue[] {
  const issues: Issue[] = [];
  if (env.CONSOLE_DEMO_CREDENTIALS_FILE !== undefined && nodeEnv !== "development")
    issues.push({
      path: "CONSOLE_DEMO_CREDENTIALS_FILE",
      message: `demo sign-in is offered only when NODE_ENV=development (NODE_ENV is ${nodeEnv ?? "unset"})`,
    });
  if (nodeEnv === "production" && env.CONSOLE_OIDC_ISSUER?.startsWith("http:"))
    issues.push({ path: "CONSOLE_OIDC_ISSUER", message: "must be an https URL in production" });
  if ((env.CONSOLE_OIDC_ISSUER === undefined) !== (env.CONSOLE_OIDC_CLIENT_ID === undefined))
    issues.push({
      path: "CONSOLE_OIDC_CLIENT_ID",
      message: "set CONSOLE_OIDC_ISSUER and CONSOLE_OIDC_CLIENT_ID together",
    });
  return issues;
}

/**
 * Everything the gateway reads from the environment, parsed once at boot. A bad value stops start-up
 * with every offending key named, instead of failing on the first request that needs it. Production
 * takes nothing on trust: `NODE_ENV` is always explicit, the token issuer and audience have no defaults
 * (and the issuer is never the development one), and signing keys come from an https JWKS, never a local
 * file.
 */
export const gatewayConfigSchema = gatewayEnv
  .superRefine(
    (env, ctx) => {
      const nodeEnv = typeof env.NODE_ENV === "string" ? env.NODE_ENV : undefined;
      const issues = [...jwksIssues(env, nodeEnv), ...consoleIssues(env, nodeEnv)];
      if (nodeEnv === "production") {
        for (const key of ["AUTH_ISSUER", "AUTH_AUDIENCE"] as const) {
          if (env[key] === undefined)
            issues.push({ path: key, message: "required in production (no default)" });
        }
        // The launcher's demo tokens carry this issuer, and its signing keys ship with the repository.
        if (env.AUTH_ISSUER === DEVELOPMENT_ISSUER) {
          issues.push({
            path: "AUTH_ISSUER",
            message: `the development issuer ${DEVELOPMENT_ISSUER} is refused in production; set the identity provider's issuer`,
          });
        }
      }
      for (const issue of issues)
        ctx.addIssue({ code: "custom", path: [issue.path], message: issue.message });
      refineGrpcTls(env, ctx);
    },
    // Run even when other keys already failed, so one boot names every bad key.
    { when: () => true },
  )
  .transform((env) => ({
    ...env,
    AUTH_ISSUER: env.AUTH_ISSUER ?? DEVELOPMENT_ISSUER,
    AUTH_AUDIENCE: env.AUTH_AUDIENCE ?? DEVELOPMENT_AUDIENCE,
  }));

export type GatewayConfig = z.output<typeof gatewayConfigSchema>;

export function loadGatewayConfig(env: Record<string, string | undefined> = process.env): GatewayConfig {
  return loadConfig(gatewayConfigSchema, env);
}

/**
 * Settings production accepts but most likely should not run with, logged at boot as warnings: a
 * gateway behind an ingress without `TRUST_PROXY` counts every client under the ingress's address (one
 * client's bad credentials then spend everyone's budget), and replicas without `RATE_LIMIT_REDIS_URL`
 * each count alone.
 */
export function productionWarnings(config: GatewayConfig): string[] {
  if (config.NODE_ENV !== "production") return [];
  const warnings: string[] = [];
  if (config.TRUST_PROXY === false)
    warnings.push(
      "TRUST_PROXY is not set: behind an ingress every client is counted under the ingress's address, so one client's failures spend every client's budget; set it to the ingress's addresses",
    );
  if (config.RATE_LIMIT_REDIS_URL === undefined)
    warnings.push(
      "RATE_LIMIT_REDIS_URL is not set: each gateway replica counts its rate limits alone, so N replicas allow N times each budget",
    );
  return warnings;
}

/** The address of one upstream service, by its name in `SERVICE_NAMES`. */
export function upstreamAddress(config: GatewayConfig, service: ServiceName): string {
  return config[grpcUrlKey(service) as keyof GatewayConfig] as string;
}

export { grpcUrlKey, SERVICE_NAMES, type ServiceName };

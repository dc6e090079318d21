import {
  type AccessTokenVerifier,
  type ApiKeyMode,
  createAccessTokenVerifier,
  localJwks,
  remoteJwks,
} from "@mp/auth";
import { deferredChild, type Logger } from "@mp/logger";
import Fastify, { type FastifyBaseLogger } from "fastify";
import { validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import type { GatewayClients } from "./clients";
import type { GatewayConfig } from "./config";
import type { ApiKeyRepository } from "./infra/api-key.repository";
import { memoryRateLimitStore, type RateLimitStore, redisRateLimitStore } from "./infra/rate-limit.store";
import { installAuthentication, knownCaller } from "./plugins/authentication.plugin";
import { clientError } from "./plugins/client-error";
import { installConsole } from "./plugins/console.plugin";
import { BODY_LIMIT_BYTES, installJsonBodies } from "./plugins/json-body.plugin";
import { installOpenApi } from "./plugins/openapi.plugin";
import { frameworkError, installProblems } from "./plugins/problem.plugin";
import { installAddressLimit, installOrganisationLimit, type RateLimiter } from "./plugins/rate-limit.plugin";
import { installRequestContext, requestIdFrom } from "./plugins/request-context.plugin";
import { OneLineRequestLog } from "./plugins/request-log";
import { responseSerializerCompiler } from "./plugins/response-serializer";
import { registerRoutes } from "./routes/routes";
import type { ZodApp } from "./zod-app";

/**
 * What the gateway is built from. Everything that touches the network is passed in, so tests and the
 * OpenAPI script build the same app with fakes; `main.ts` and `startGateway` pass the real ones.
 */
export interface GatewayDeps {
  config: GatewayConfig;
  logger: Logger;
  clients: GatewayClients;
  apiKeys: ApiKeyRepository;
  /** Bearer token verification; built from AUTH_JWKS_URL / AUTH_JWKS_FILE when omitted. */
  tokens?: AccessTokenVerifier;
  /** Rate-limit counters; Redis when RATE_LIMIT_REDIS_URL is set, else this process's memory. */
  rateLimitStore?: RateLimitStore;
}

/** The counters named by the configuration: shared through Redis, or this replica's own. */
export function rateLimitStoreFor(config: GatewayConfig, logger: Logger): RateLimitStore {
  return config.RATE_LIMIT_REDIS_URL
    ? redisRateLimitStore(config.RATE_LIMIT_REDIS_URL, logger)
    : memoryRateLimitStore();
}

/** Production issues and accepts only `mk_live_` keys; every other environment only `mk_test_` keys. */
export function keyModeOf(config: GatewayConfig): ApiKeyMode {
  return config.NODE_ENV === "production" ? "live" : "test";
}

/**
 * `TRUST_PROXY` as fastify takes it: addresses/CIDRs as they are, a hop count as the function proxy-addr
 * builds for one (trust the `hops` nearest hops), since fastify's types omit the number form.
 */
function trustProxyOption(value: GatewayConfig["TRUST_PROXY"]) {
  return typeof value === "number" ? (_address: string, hop: number) => hop < value : value;
}

/** The JWKS named by the configuration: a file in development, the identity provider's URL otherwise. */
export async function tokenVerifierFor(config: GatewayConfig): Promise<AccessTokenVerifier> {
  const keys = config.AUTH_JWKS_FILE
    ? await localJwks(config.AUTH_JWKS_FILE)
    : remoteJwks(config.AUTH_JWKS_URL ?? "");
  return createAccessTokenVerifier({ issuer: config.AUTH_ISSUER, audience: config.AUTH_AUDIENCE, keys });
}

/** The web console's files and sign-in settings, from `CONSOLE_*`. */
function consoleSettings(config: GatewayConfig) {
  return {
    dist: config.CONSOLE_DIST,
    demoCredentialsFile: config.CONSOLE_DEMO_CREDENTIALS_FILE,
    oidc:
      config.CONSOLE_OIDC_ISSUER && config.CONSOLE_OIDC_CLIENT_ID
        ? {
            issuer: config.CONSOLE_OIDC_ISSUER,
            clientId: config.CONSOLE_OIDC_CLIENT_ID,
            scope: config.CONSOLE_OIDC_SCOPE,
            audience: config.CONSOLE_OIDC_AUDIENCE,
          }
        : undefined,
  };
}

/**
 * Assemble the gateway. Order matters: the request context (ids, span) comes first so every answer carries
 * them; the per-address rate limit runs before authentication, so refused floods cost no credential
 * lookup, and the per-organisation limit right after it; the OpenAPI plugin observes route registration,
 * so it comes before the routes.
 */
export async function buildApp(deps: GatewayDeps): Promise<ZodApp> {
  const app = Fastify({
    loggerInstance: deps.logger as FastifyBaseLogger,
    logController: new OneLineRequestLog(),
    genReqId: (request) => requestIdFrom(request.headers["x-request-id"]),
    requestIdHeader: false,
    bodyLimit: BODY_LIMIT_BYTES,
    // Requests arriving while closing are served (readiness already reports 503), so every answer
    // keeps the problem+json shape instead of fastify's bare 503.
    return503OnClosing: false,
    frameworkErrors: frameworkError,
    // Requests Node's parser refuses (headers over 16 KiB, a malformed request line) answer a problem too.
    clientErrorHandler: clientError,
    trustProxy: trustProxyOption(deps.config.TRUST_PROXY),
    // Each request's child logger, made only when the request writes a line (most write none below
    // `info`): until then it just holds the request id (and the trace id the request context adds).
    // Fastify passes an options object even when it is empty (no route sets its own log level or
    // serializers); a non-empty one (pino's slow path) gets a real child at once.
    childLoggerFactory: (logger, bindings, options) =>
      options && Object.keys(options).length > 0
        ? logger.child(bindings, options)
        : (deferredChild(logger as Logger, bindings) as unknown as FastifyBaseLogger),
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler);

  const limiter: RateLimiter = {
    store: deps.rateLimitStore ?? rateLimitStoreFor(deps.config, deps.logger),
    budgets: {
      perOrganisation: deps.config.RATE_LIMIT_PER_MINUTE,
      perAddress: deps.config.RATE_LIMIT_UNAUTHENTICATED_PER_MINUTE,
      webhook: deps.config.RATE_LIMIT_WEBHOOK_PER_MINUTE,
    },
  };
  app.addHook("onClose", () => limiter.store.close());
  const tokens = deps.tokens ?? (await tokenVerifierFor(deps.config));
  limiter.knownCaller = (request) => knownCaller(request, tokens);

  installRequestContext(app, { recordSpans: Boolean(deps.config.OTEL_EXPORTER_OTLP_ENDPOINT) });
  installJsonBodies(app);
  installAddressLimit(app, limiter);
  installAuthentication(app, {
    tokens,
    apiKeys: deps.apiKeys,
    keyMode: keyModeOf(deps.config),
  });
  installOrganisationLimit(app, limiter);
  installProblems(app);
  await installOpenApi(app);

  await registerRoutes(app, {
    clients: deps.clients,
    apiKeys: deps.apiKeys,
    keyMode: keyModeOf(deps.config),
  });
  await installConsole(app, consoleSettings(deps.config));
  return app;
}

import {
  type AccessTokenVerifier,
  type ApiKeyMode,
  createAccessTokenVerifier,
  localJwks,
  remoteJwks,
} from "@mp/auth";
import type { Logger } from "@mp/logger";
import Fastify, { type FastifyBaseLogger } from "fastify";
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import type { GatewayClients } from "./clients";
import type { GatewayConfig } from "./config";
import type { ApiKeyRepository } from "./infra/api-key.repository";
import { installAuthentication } from "./plugins/authentication.plugin";
import { BODY_LIMIT_BYTES, installJsonBodies } from "./plugins/json-body.plugin";
import { installOpenApi } from "./plugins/openapi.plugin";
import { frameworkError, installProblems } from "./plugins/problem.plugin";
import { installRateLimit } from "./plugins/rate-limit.plugin";
import { installRequestContext, requestIdFrom } from "./plugins/request-context.plugin";
import { registerRoutes } from "./routes/routes";
import type { ZodApp } from "./zod-app";

export { type GatewayConfig, loadGatewayConfig } from "./config";
export { type RunningGateway, startGateway } from "./server";

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
}

/** The JWKS named by the configuration: a file in development, the identity provider's URL otherwise. */
export async function tokenVerifierFor(config: GatewayConfig): Promise<AccessTokenVerifier> {
  const keys = config.AUTH_JWKS_FILE
    ? await localJwks(config.AUTH_JWKS_FILE)
    : remoteJwks(config.AUTH_JWKS_URL ?? "");
  return createAccessTokenVerifier({ issuer: config.AUTH_ISSUER, audience: config.AUTH_AUDIENCE, keys });
}

/**
 * Assemble the gateway. Order matters: request context (ids, span) and authentication hooks come before
 * the rate limiter, which must exist before routes are added; the OpenAPI plugin observes route
 * registration, so it comes before the routes too.
 */
export async function buildApp(deps: GatewayDeps): Promise<ZodApp> {
  const app = Fastify({
    loggerInstance: deps.logger as FastifyBaseLogger,
    genReqId: (request) => requestIdFrom(request.headers["x-request-id"]),
    requestIdHeader: false,
    bodyLimit: BODY_LIMIT_BYTES,
    // Requests arriving while closing are served (readiness already reports 503), so every answer
    // keeps the problem+json shape instead of fastify's bare 503.
    return503OnClosing: false,
    frameworkErrors: frameworkError,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  installRequestContext(app);
  installJsonBodies(app);
  installAuthentication(app, {
    tokens: deps.tokens ?? (await tokenVerifierFor(deps.config)),
    apiKeys: deps.apiKeys,
  });
  await installRateLimit(app, deps.config.RATE_LIMIT_PER_MINUTE);
  installProblems(app);
  await installOpenApi(app);

  const keyMode: ApiKeyMode = deps.config.NODE_ENV === "production" ? "live" : "test";
  await registerRoutes(app, { clients: deps.clients, apiKeys: deps.apiKeys, keyMode });
  return app;
}

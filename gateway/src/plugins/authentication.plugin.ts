import { type AccessTokenVerifier, type ApiKeyMode, authenticateApiKey } from "@mp/auth";
import type { Principal, Role } from "@mp/contracts";
import { type AppError, ForbiddenError, isAppError, UnauthenticatedError } from "@mp/errors";
import type { FastifyError, FastifyRequest } from "fastify";
import type { ApiKeyRepository } from "../infra/api-key.repository";
import type { ZodApp } from "../zod-app";
import { routeOf } from "./route-of";

/**
 * Who may call a route: `public` (no credential: webhooks, ops), any `authenticated` caller, or callers
 * holding one role. Routes default to `authenticated`, so forgetting to declare access never opens one.
 */
export type RouteAccess = "public" | "authenticated" | Role;

declare module "fastify" {
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
  interface FastifyRequest {
    /** The verified caller; set before validation and handlers run on every non-public route. */
    principal: Principal | undefined;
    /** Why the credential was refused; raised in `preParsing`, before any body is read. */
    authFailure: AppError | undefined;
  }
}

/** Narrow `request.principal` in handlers of non-public routes, where authentication already ran. */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw new UnauthenticatedError();
  return request.principal;
}

function accessOf(request: FastifyRequest): RouteAccess {
  return routeOf(request).config.access ?? "authenticated";
}

interface AuthenticationDeps {
  tokens: AccessTokenVerifier;
  apiKeys: ApiKeyRepository;
  /** The only API key prefix this environment accepts (`live` in production). */
  keyMode: ApiKeyMode;
}

/** The scheme and the whitespace after it. */
const BEARER = /^bearer\s+/i;

/** The token of a `Bearer` authorization header, if that is what the header holds. */
function bearerToken(authorization: string | undefined): string | undefined {
  if (typeof authorization !== "string") return undefined;
  const scheme = BEARER.exec(authorization);
  return scheme ? authorization.slice(scheme[0].length).trim() : undefined;
}

/**
 * The caller of a request whose bearer token was verified a moment ago, on a route that takes credentials
 * (not public, not a 404): known without any work, so the rate limit can charge its organisation at once.
 */
export function knownCaller(request: FastifyRequest, tokens: AccessTokenVerifier): Principal | undefined {
  if (!tokens.known || request.is404 || accessOf(request) === "public") return undefined;
  const token = bearerToken(request.headers.authorization);
  return token ? tokens.known(token) : undefined;
}

async function identify(request: FastifyRequest, deps: AuthenticationDeps): Promise<Principal> {
  const authorization = request.headers.authorization;
  // Bearer wins when both headers are sent (contract section 3).
  const token = bearerToken(authorization);
  if (token !== undefined) return deps.tokens.verify(token);
  const apiKey = request.headers["x-api-key"];
  if (typeof apiKey === "string") {
    const { principal, key } = await authenticateApiKey(apiKey, deps.apiKeys, { mode: deps.keyMode });
    deps.apiKeys
      .markUsed(key.id)
      .catch((error: unknown) => request.log.warn({ err: error }, "markUsed failed"));
    return principal;
  }
  if (authorization !== undefined) {
    throw new UnauthenticatedError("Only the Bearer authorization scheme is supported.");
  }
  throw new UnauthenticatedError();
}

/**
 * Authentication in two steps. `onRequest` resolves the credential (JWT or API key) but only records a
 * failure, so the per-organisation rate limit that follows can charge a valid caller; `preParsing` then
 * refuses unauthenticated or under-privileged callers, before any body is read or validated. The
 * per-address limit runs before all of this, so a flood of bad credentials is refused without lookups.
 */
export function installAuthentication(app: ZodApp, deps: AuthenticationDeps): void {
  app.decorateRequest("principal", undefined);
  app.decorateRequest("authFailure", undefined);

  // Both hooks take fastify's callback: a bearer token verified a moment ago is known at once (most
  // requests), which then costs no promise, and the role check never waits on anything.
  app.addHook("onRequest", (request, _reply, done) => {
    // Set already when the rate limit found the token known (`knownCaller`).
    if (request.principal || request.is404 || accessOf(request) === "public") return done();
    const known = knownCaller(request, deps.tokens);
    if (known) {
      request.principal = known;
      return done();
    }
    identify(request, deps).then(
      (principal) => {
        request.principal = principal;
        done();
      },
      (error: unknown) => {
        if (!isAppError(error)) return done(error as Error);
        request.authFailure = error;
        done();
      },
    );
  });

  app.addHook("preParsing", (request, _reply, payload, done) => {
    if (request.is404) return done(null, payload);
    const access = accessOf(request);
    if (access === "public") return done(null, payload);
    if (request.authFailure) return done(request.authFailure as unknown as FastifyError);
    const principal = request.principal;
    if (!principal) return done(new UnauthenticatedError() as unknown as FastifyError);
    if (access !== "authenticated" && !principal.roles.includes(access)) {
      return done(new ForbiddenError(`This route needs the ${access} role.`) as unknown as FastifyError);
    }
    done(null, payload);
  });
}

import { AppError } from "@mp/errors";
import type { FastifyRequest } from "fastify";
import type { RateLimitStore, WindowCount } from "../infra/rate-limit.store";
import type { ZodApp } from "../zod-app";
import { routeOf } from "./route-of";

declare module "fastify" {
  interface FastifyContextConfig {
    /**
     * The budget a route draws on: the API's (default), the payment notifications' own (`webhook`), or
     * none (`false`: health checks and the cached API document).
     */
    rateLimit?: "api" | "webhook" | false;
  }
  interface FastifyRequest {
    /** The address counter this request was charged to, refunded once a credential proves valid. */
    rateLimitAddressKey: string | undefined;
  }
}

/** Requests per minute of each budget. */
export interface RateLimitBudgets {
  /** Authenticated requests of one organisation, whatever its credentials and addresses. */
  perOrganisation: number;
  /** Requests from one client address that carry no valid credential (public routes, 401s, 404s). */
  perAddress: number;
  /** Payment notifications from one client address; no other traffic touches this budget. */
  webhook: number;
}

export interface RateLimiter {
  store: RateLimitStore;
  budgets: RateLimitBudgets;
}

const WINDOW_MS = 60_000;

function budgetOf(request: FastifyRequest): "api" | "webhook" | false {
  if (request.is404) return "api";
  return routeOf(request).config.rateLimit ?? "api";
}

function spent(window: WindowCount, limit: number, whose: string): AppError {
  const seconds = Math.max(1, Math.ceil(window.resetMs / 1000));
  return new AppError(
    "rate-limited",
    `The rate limit of ${limit} requests per minute ${whose} is exhausted; retry in ${seconds} s.`,
    { retryAfterSeconds: seconds },
  );
}

/**
 * The first budget check, before any credential is looked at: every API request is charged to its client
 * address (`request.ip`, which honours `TRUST_PROXY`), so a flood of bad tokens or keys from one address
 * is refused before it costs a JWKS fetch or a database lookup. A request whose credential then proves
 * valid is refunded and charged to its organisation instead (`installOrganisationLimit`), so the address
 * budget in effect counts only callers without a valid credential. Payment notifications are charged to a
 * budget of their own, per address, which API traffic can neither drain nor be drained by.
 *
 * Install after the request context (a 429 carries the trace id) and before authentication.
 */
export function installAddressLimit(app: ZodApp, limiter: RateLimiter): void {
  const { store, budgets } = limiter;
  app.decorateRequest("rateLimitAddressKey", undefined);
  app.addHook("onRequest", async (request) => {
    const budget = budgetOf(request);
    if (budget === false) return;
    if (budget === "webhook") {
      const window = await store.hit(`webhook:${request.ip}`, WINDOW_MS);
      if (window.count > budgets.webhook) throw spent(window, budgets.webhook, "for payment notifications");
      return;
    }
    const key = `address:${request.ip}`;
    const window = await store.hit(key, WINDOW_MS);
    if (window.count > budgets.perAddress) {
      throw spent(window, budgets.perAddress, "for requests without a valid credential");
    }
    request.rateLimitAddressKey = key;
  });
}

/**
 * The second check, once authentication identified the caller: the request moves from its address's
 * budget to its organisation's, shared by every token and key of that organisation. Install after
 * authentication.
 */
export function installOrganisationLimit(app: ZodApp, limiter: RateLimiter): void {
  const { store, budgets } = limiter;
  app.addHook("onRequest", async (request, reply) => {
    const addressKey = request.rateLimitAddressKey;
    if (!request.principal || addressKey === undefined) return;
    await store.release(addressKey);
    const window = await store.hit(`organisation:${request.principal.organisationId}`, WINDOW_MS);
    const limit = budgets.perOrganisation;
    reply.header("x-ratelimit-limit", String(limit));
    reply.header("x-ratelimit-remaining", String(Math.max(0, limit - window.count)));
    reply.header("x-ratelimit-reset", String(Math.max(1, Math.ceil(window.resetMs / 1000))));
    if (window.count > limit) throw spent(window, limit, "of the organisation");
  });
}

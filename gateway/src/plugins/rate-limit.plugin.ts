import type { Principal } from "@mp/contracts";
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
    /** The notification counter this request was charged to, refunded if its signature does not verify. */
    rateLimitWebhookKey: string | undefined;
    /** Its caller is known already (a token verified a moment ago): charged to its organisation only. */
    rateLimitKnownCaller: boolean;
  }
}

/** Requests per minute of each budget. */
export interface RateLimitBudgets {
  /** Authenticated requests of one organisation, whatever its credentials and addresses. */
  perOrganisation: number;
  /** Requests from one client address that carry no valid credential (public routes, 401s, 404s). */
  perAddress: number;
  /**
   * Payment notifications from one client address that settlements accepted; no other traffic touches
   * this budget. Refused ones (no valid signature) draw on a budget of `perAddress` instead.
   */
  webhook: number;
}

export interface RateLimiter {
  store: RateLimitStore;
  budgets: RateLimitBudgets;
  /**
   * The caller of a request when it is known without any work (a bearer token verified a moment ago):
   * such a request would be refunded from its address at once, so it is never charged there.
   */
  knownCaller?: (request: FastifyRequest) => Principal | undefined;
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
 * budget in effect counts only callers without a valid credential. Payment notifications are charged to
 * budgets of their own, per address, which API traffic can neither drain nor be drained by (see
 * `chargeNotification`).
 *
 * Install after the request context (a 429 carries the trace id) and before authentication.
 */
export function installAddressLimit(app: ZodApp, limiter: RateLimiter): void {
  const { store, budgets } = limiter;
  app.decorateRequest("rateLimitAddressKey", undefined);
  app.decorateRequest("rateLimitWebhookKey", undefined);
  app.decorateRequest("rateLimitKnownCaller", false);
  app.addHook("onRequest", async (request) => {
    const budget = budgetOf(request);
    if (budget === false) return;
    if (budget === "webhook") return chargeNotification(request, limiter);
    const known = limiter.knownCaller?.(request);
    if (known) {
      // Authentication takes the caller as found; the organisation's budget is charged next.
      request.principal = known;
      request.rateLimitKnownCaller = true;
      return;
    }
    const key = `address:${request.ip}`;
    const window = await store.hit(key, WINDOW_MS);
    if (window.count > budgets.perAddress) {
      throw spent(window, budgets.perAddress, "for requests without a valid credential");
    }
    request.rateLimitAddressKey = key;
  });
  // A notification settlements refused (a signature that does not verify, none at all, a malformed
  // body: any 4xx but 429) moves from the address's notification budget to its refused-notification
  // budget. In fastify's callback form, so every other answer passes without a promise.
  app.addHook("onSend", (request, reply, payload, done) => {
    const key = request.rateLimitWebhookKey;
    const status = reply.statusCode;
    if (key === undefined || status < 400 || status >= 500 || status === 429) return done(null, payload);
    request.rateLimitWebhookKey = undefined;
    store
      .release(key)
      .then(() => store.hit(`webhook-refused:${request.ip}`, WINDOW_MS))
      .then(
        () => done(null, payload),
        (error: unknown) => done(error as Error),
      );
  });
}

/**
 * A payment notification is counted in its address's notification budget, which therefore holds only
 * notifications settlements accepted: forged or unsigned ones are taken back out once refused and counted
 * against the address's refused-notification budget (`perAddress` a minute) instead. An address that has
 * spent that budget has its notifications refused before they reach settlements until the window ends;
 * forgeries never spend the budget of verified notifications, nor any budget of another address.
 */
async function chargeNotification(request: FastifyRequest, { store, budgets }: RateLimiter): Promise<void> {
  const refused = await store.peek(`webhook-refused:${request.ip}`, WINDOW_MS);
  if (refused.count >= budgets.perAddress) {
    throw spent(refused, budgets.perAddress, "for payment notifications that failed verification");
  }
  const key = `webhook:${request.ip}`;
  const window = await store.hit(key, WINDOW_MS);
  if (window.count > budgets.webhook) throw spent(window, budgets.webhook, "for payment notifications");
  request.rateLimitWebhookKey = key;
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
    if (!request.principal || (addressKey === undefined && !request.rateLimitKnownCaller)) return;
    if (addressKey !== undefined) await store.release(addressKey);
    const window = await store.hit(`organisation:${request.principal.organisationId}`, WINDOW_MS);
    const limit = budgets.perOrganisation;
    reply.header("x-ratelimit-limit", String(limit));
    reply.header("x-ratelimit-remaining", String(Math.max(0, limit - window.count)));
    reply.header("x-ratelimit-reset", String(Math.max(1, Math.ceil(window.resetMs / 1000))));
    if (window.count > limit) throw spent(window, limit, "of the organisation");
  });
}

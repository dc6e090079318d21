import rateLimit from "@fastify/rate-limit";
import { AppError } from "@mp/errors";
import type { ZodApp } from "../zod-app";

/**
 * A per-organisation budget of requests per minute (per IP for callers without a valid credential), so
 * one noisy integration cannot starve the others. Must be installed before routes: it attaches its hook
 * to each route as the route is added, after the authentication hook has identified the caller.
 */
export async function installRateLimit(app: ZodApp, perMinute: number): Promise<void> {
  await app.register(rateLimit, {
    max: perMinute,
    timeWindow: 60_000,
    hook: "onRequest",
    keyGenerator: (request) =>
      request.principal ? `org:${request.principal.organisationId}` : `ip:${request.ip}`,
    errorResponseBuilder: (_request, context) =>
      new AppError(
        "rate-limited",
        `The rate limit of ${context.max} requests per minute is exhausted; retry in ${context.after}.`,
        {
          retryAfterSeconds: Math.max(1, Math.ceil(context.ttl / 1000)),
        },
      ),
  });
}

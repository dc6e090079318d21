import type { FastifyRequest } from "fastify";

declare module "fastify" {
  interface FastifyRequest {
    /** `routeOptions` read once for the request (see `routeOf`); null until then. */
    routeOptionsOnce: FastifyRequest["routeOptions"] | null;
  }
}

/**
 * The request's `routeOptions`, read once. Fastify's getter builds a new object on every read, and the
 * request context, rate limit, authentication and metrics hooks each read it once or twice per request.
 */
export function routeOf(request: FastifyRequest): FastifyRequest["routeOptions"] {
  request.routeOptionsOnce ??= request.routeOptions;
  return request.routeOptionsOnce;
}

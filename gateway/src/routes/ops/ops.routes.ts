import { AppError, PROBLEM_CONTENT_TYPE, toProblem } from "@mp/errors";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { UpstreamProbe } from "../../clients";
import type { ServiceName } from "../../config";
import type { ZodApp } from "../route-kit";

/**
 * Liveness and readiness for orchestrators; unauthenticated, not rate limited, left out of the API
 * document. `/readyz` is 503 until every upstream's gRPC health check answers SERVING, and again from the
 * moment shutdown begins, so traffic is only routed to a gateway that can serve it.
 */
export function opsRoutes(app: ZodApp, deps: { health: Record<ServiceName, UpstreamProbe> }): void {
  const config = { access: "public", rateLimit: false } as const;
  let closing = false;
  app.addHook("preClose", async () => {
    closing = true;
  });

  app.get("/healthz", { schema: { hide: true }, config }, async () => ({ status: "ok" }));

  app.get("/readyz", { schema: { hide: true }, config }, async (request, reply) => {
    if (closing) {
      return notReady(
        request,
        reply,
        new AppError("upstream-unavailable", "The gateway is shutting down.", {
          retryAfterSeconds: 1,
        }),
      );
    }
    const entries = await Promise.all(
      Object.entries(deps.health).map(async ([name, probe]) => [
        name,
        await probe.check().catch(() => false),
      ]),
    );
    const upstreams = Object.fromEntries(entries) as Record<string, boolean>;
    const down = Object.keys(upstreams).filter((name) => !upstreams[name]);
    if (down.length > 0) {
      const error = new AppError("upstream-unavailable", `Not ready: ${down.join(", ")} not serving.`, {
        extensions: { upstreams },
        retryAfterSeconds: 5,
      });
      return notReady(request, reply, error);
    }
    return { status: "ready", upstreams };
  });
}

/**
 * Not being ready is an expected answer (during start-up and shutdown, polled every second), so it is
 * logged at debug rather than as a failed request; the body is the same problem+json as any 503.
 */
function notReady(request: FastifyRequest, reply: FastifyReply, error: AppError): FastifyReply {
  request.log.debug({ detail: error.message }, "not ready");
  return reply
    .code(503)
    .header("retry-after", String(error.retryAfterSeconds ?? 5))
    .type(PROBLEM_CONTENT_TYPE)
    .send(toProblem(error, { instance: "/readyz", traceId: request.traceId }));
}

import { AppError } from "@mp/errors";
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

  app.get("/readyz", { schema: { hide: true }, config }, async () => {
    if (closing) {
      throw new AppError("upstream-unavailable", "The gateway is shutting down.", { retryAfterSeconds: 1 });
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
      throw new AppError("upstream-unavailable", `Not ready: ${down.join(", ")} not serving.`, {
        extensions: { upstreams },
        retryAfterSeconds: 5,
      });
    }
    return { status: "ready", upstreams };
  });
}

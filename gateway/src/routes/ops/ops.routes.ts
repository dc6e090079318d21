import type { ZodApp } from "../route-kit";
import { installHttpMetrics } from "./http-metrics";

/**
 * The public port's one ops route, `/healthz` (liveness; unauthenticated, not rate limited, left out of the
 * API document), and the per-route request metrics. Readiness and metrics are served on the ops port
 * (`startGateway`), which the public ingress does not route.
 */
export function opsRoutes(app: ZodApp): void {
  installHttpMetrics(app);
  const config = { access: "public", rateLimit: false } as const;
  app.get("/healthz", { schema: { hide: true }, config }, async () => ({ status: "ok" }));
}

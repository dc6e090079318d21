import { context, metrics } from "@opentelemetry/api";
import { getRPCMetadata, RPCType } from "@opentelemetry/core";
import { routeOf } from "../../plugins/route-of";
import type { ZodApp } from "../route-kit";

/** The route label of requests no route matched (404s): one series for all of them, whatever the path. */
export const UNMATCHED_ROUTE = "unmatched";

/**
 * `http.server.request.duration` (seconds) for every request, labelled with the route template (never the
 * raw path), method and status code, so rate, errors (5xx) and latency percentiles can be read per route.
 * The route is also handed to the http instrumentation's server span, which is then named `GET /route`.
 */
export function installHttpMetrics(app: ZodApp): void {
  const duration = metrics.getMeter("@mp/gateway").createHistogram("http.server.request.duration", {
    description: "Duration of HTTP requests the gateway answered, by route template",
    unit: "s",
  });
  app.addHook("onRequest", (request, _reply, done) => {
    const rpc = getRPCMetadata(context.active());
    if (rpc?.type === RPCType.HTTP) {
      const url = routeOf(request).url;
      if (url) rpc.route = url;
    }
    done();
  });
  app.addHook("onResponse", (request, reply, done) => {
    duration.record(reply.elapsedTime / 1000, {
      "http.route": routeOf(request).url ?? UNMATCHED_ROUTE,
      "http.request.method": request.method,
      "http.response.status_code": reply.statusCode,
    });
    done();
  });
}

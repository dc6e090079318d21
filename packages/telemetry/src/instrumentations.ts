import { createNoopMeter, type MeterProvider, type TracerProvider } from "@opentelemetry/api";
import { registerInstrumentations as register } from "@opentelemetry/instrumentation";
import { GrpcInstrumentation } from "@opentelemetry/instrumentation-grpc";
import { HttpInstrumentation } from "@opentelemetry/instrumentation-http";
import { PgInstrumentation } from "@opentelemetry/instrumentation-pg";
import { UndiciInstrumentation } from "@opentelemetry/instrumentation-undici";

/** Paths of the ops port (and the gateway's public `/healthz`): probes every few seconds, never traced. */
export const OPS_PATHS: ReadonlySet<string> = new Set(["/healthz", "/readyz", "/metrics"]);

const noMeters: MeterProvider = { getMeter: () => createNoopMeter() };

/**
 * The official instrumentations of node:http, fetch (undici), @grpc/grpc-js and pg. Work a process starts
 * by itself (outbox polling, copy workers, readiness probes) would otherwise open a root trace per poll, so
 * outgoing HTTP, fetch and SQL are traced only inside a trace, and the gRPC health service is not traced.
 * Returns the undo.
 */
export function registerInstrumentations(tracerProvider: TracerProvider): () => void {
  const http = new HttpInstrumentation({
    ignoreIncomingRequestHook: (request) => OPS_PATHS.has((request.url ?? "").split("?")[0] ?? ""),
    requireParentforOutgoingSpans: true,
  });
  const undo = register({
    tracerProvider,
    instrumentations: [
      http,
      new UndiciInstrumentation({ requireParentforSpans: true }),
      new GrpcInstrumentation({ ignoreGrpcMethods: ["Check", "Watch"] }),
      new PgInstrumentation({ requireParentSpan: true }),
    ],
  });
  // The gateway records `http.server.request.duration` itself, labelled with the route template; the
  // instrumentation's instrument of the same name (without the route) would collide with it.
  http.setMeterProvider(noMeters);
  return undo;
}

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
export function registerInstrumentations(
  tracerProvider: TracerProvider,
  options: { spans?: boolean } = { spans: true },
): () => void {
  // fetch and pg record metrics besides spans, so they are installed whether spans are exported or not;
  // http and gRPC only make spans (see `spanInstrumentationsWanted`). An instrumentation patches its
  // module as soon as it is constructed, so the span-only ones are not even constructed without spans.
  const spanOnly = options.spans === false ? [] : spanOnlyInstrumentations();
  const undo = register({
    tracerProvider,
    instrumentations: [
      new UndiciInstrumentation({ requireParentforSpans: true }),
      new PgInstrumentation({ requireParentSpan: true }),
      ...spanOnly,
    ],
  });
  // The gateway records `http.server.request.duration` itself, labelled with the route template; the
  // instrumentation's instrument of the same name (without the route) would collide with it.
  for (const instrumentation of spanOnly)
    if (instrumentation instanceof HttpInstrumentation) instrumentation.setMeterProvider(noMeters);
  return undo;
}

function spanOnlyInstrumentations() {
  return [
    new HttpInstrumentation({
      ignoreIncomingRequestHook: (request) => OPS_PATHS.has((request.url ?? "").split("?")[0] ?? ""),
      requireParentforOutgoingSpans: true,
    }),
    new GrpcInstrumentation({ ignoreGrpcMethods: ["Check", "Watch"] }),
  ];
}

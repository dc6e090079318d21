import {
  createNoopMeter,
  type Meter,
  type MeterProvider,
  metrics,
  type TracerProvider,
} from "@opentelemetry/api";
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
  // Without exported spans, the pool checkout's `pg-pool.connect` span is never kept: not made at all.
  const pg = new PgInstrumentation({ requireParentSpan: true, ignoreConnectSpans: options.spans === false });
  const undo = register({
    tracerProvider,
    instrumentations: [new UndiciInstrumentation({ requireParentforSpans: true }), pg, ...spanOnly],
  });
  pg.setMeterProvider(withoutInstruments(metrics.getMeterProvider(), PG_POOL_COUNTERS));
  // The gateway records `http.server.request.duration` itself, labelled with the route template; the
  // instrumentation's instrument of the same name (without the route) would collide with it.
  for (const instrumentation of spanOnly)
    if (instrumentation instanceof HttpInstrumentation) instrumentation.setMeterProvider(noMeters);
  return undo;
}

/**
 * The pg instrumentation's pool counters, updated on every checkout and release (six records per query):
 * the `db.pool.*` gauges of `@mp/db` report the same usage, read once per scrape instead.
 */
export const PG_POOL_COUNTERS: ReadonlySet<string> = new Set([
  "db.client.connection.count",
  "db.client.connection.pending_requests",
]);

/** `provider`'s meters, with the synchronous up/down counters named in `leftOut` made no-ops. */
export function withoutInstruments(provider: MeterProvider, leftOut: ReadonlySet<string>): MeterProvider {
  const noop = createNoopMeter();
  return {
    getMeter(name, version, options): Meter {
      const meter = provider.getMeter(name, version, options);
      return {
        createGauge: (n, o) => meter.createGauge(n, o),
        createHistogram: (n, o) => meter.createHistogram(n, o),
        createCounter: (n, o) => meter.createCounter(n, o),
        createUpDownCounter: (n, o) =>
          leftOut.has(n) ? noop.createUpDownCounter(n, o) : meter.createUpDownCounter(n, o),
        createObservableGauge: (n, o) => meter.createObservableGauge(n, o),
        createObservableCounter: (n, o) => meter.createObservableCounter(n, o),
        createObservableUpDownCounter: (n, o) => meter.createObservableUpDownCounter(n, o),
        addBatchObservableCallback: (c, o) => meter.addBatchObservableCallback(c, o),
        removeBatchObservableCallback: (c, o) => meter.removeBatchObservableCallback(c, o),
      };
    },
  };
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

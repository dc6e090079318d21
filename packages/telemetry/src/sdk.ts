import { context, metrics, propagation, trace } from "@opentelemetry/api";
import { resourceFromAttributes } from "@opentelemetry/resources";
import { MeterProvider } from "@opentelemetry/sdk-metrics";
import {
  AlwaysOffSampler,
  BatchSpanProcessor,
  NoopSpanProcessor,
  type SpanProcessor,
} from "@opentelemetry/sdk-trace-base";
import { NodeTracerProvider } from "@opentelemetry/sdk-trace-node";
import { spanInstrumentationsWanted } from "./instrumentation-policy";
import { registerInstrumentations } from "./instrumentations";
import { LazyOtlpTraceExporter } from "./lazy-otlp-exporter";
import { createMetricsEndpoint, LATENCY_VIEWS, type MetricsEndpoint } from "./metrics-endpoint";

export interface Telemetry {
  serviceName: string;
  /** Renders this process's metrics as Prometheus text; the ops server mounts it at `/metrics`. */
  metrics: MetricsEndpoint;
  shutdown(): Promise<void>;
}

export { spanInstrumentationsWanted };

/** The longest `shutdown()` waits for spans to reach the collector. */
export const SHUTDOWN_FLUSH_MS = 2_000;

async function settledWithin(work: Promise<unknown>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, ms);
    timer.unref();
  });
  await Promise.race([work, timeout]);
  clearTimeout(timer);
}

export interface TelemetryOptions {
  serviceName: string;
  /** OTLP/HTTP collector base URL; spans are exported only when it is set. */
  otlpEndpoint?: string | undefined;
  /**
   * Patch fetch (undici) and pg with the official instrumentations (default false), and http and gRPC too
   * when spans are exported (`otlpEndpoint` set; see `spanInstrumentationsWanted`). The patch only reaches modules loaded
   * afterwards, so only the preload `register.ts` asks for it; a later call (a test, a `main.ts` run
   * without the preload) keeps the hand-made spans alone.
   */
  instrument?: boolean;
}

/**
 * The process's telemetry lives in a global slot, not a module variable: compiled, the preload and the
 * entry are separate bundles, each with its own copy of this module, and both must see the one instance.
 */
const STARTED = Symbol.for("@mp/telemetry.started");
type TelemetrySlot = { [STARTED]?: Telemetry | undefined };
const slot = globalThis as TelemetrySlot;

/** The telemetry this process started, if any (the ops server reads its metrics endpoint). */
export function activeTelemetry(): Telemetry | undefined {
  return slot[STARTED];
}

/**
 * Start OpenTelemetry once per process, built from explicit parts rather than `NodeSDK`, whose
 * environment-driven defaults (`OTEL_TRACES_EXPORTER`, `OTEL_METRICS_EXPORTER`, ...) could make a process
 * push to `localhost:4318` nobody configured. What this sets up:
 *
 * - a tracer provider, so spans always exist (trace ids reach logs and problem bodies, and travel over
 *   HTTP, gRPC and NATS); they are recorded and leave the process only when `otlpEndpoint` is set
 *   (without it every span is sampled out: ids without the cost of recording what nobody reads);
 * - a meter provider whose only reader is the Prometheus exporter, in pull mode: it opens no port of its
 *   own and sends nothing; the ops server serves it at `/metrics`;
 * - the instrumentations of fetch and pg, and with an exporter those of http and gRPC, so one request is
 *   one trace from the gateway through gRPC into a service and its SQL.
 *
 * A second call returns the first telemetry (the preload `register.ts` usually started it already).
 */
export function startTelemetry(options: TelemetryOptions): Telemetry {
  const started = slot[STARTED];
  if (started) return started;
  const resource = resourceFromAttributes({ "service.name": options.serviceName });
  const spanProcessors: SpanProcessor[] = options.otlpEndpoint
    ? [
        new BatchSpanProcessor(
          new LazyOtlpTraceExporter(`${options.otlpEndpoint.replace(/\/$/, "")}/v1/traces`),
        ),
      ]
    : // A processor is needed for a real tracer provider (real ids); this one exports nothing.
      [new NoopSpanProcessor()];
  // Nothing exports spans without an endpoint: they are then not recorded (no attributes kept, no span
  // processing), yet each still gets real ids that reach logs and problem bodies and travel downstream.
  const sampler = options.otlpEndpoint ? undefined : new AlwaysOffSampler();
  const tracerProvider = new NodeTracerProvider({
    resource,
    spanProcessors,
    ...(sampler ? { sampler } : {}),
  });
  tracerProvider.register();

  const endpoint = createMetricsEndpoint();
  const meterProvider = new MeterProvider({ resource, readers: [endpoint.reader], views: LATENCY_VIEWS });
  metrics.setGlobalMeterProvider(meterProvider);

  const unpatch = options.instrument
    ? registerInstrumentations(tracerProvider, { spans: spanInstrumentationsWanted(options) })
    : () => {};

  const telemetry: Telemetry = {
    serviceName: options.serviceName,
    metrics: endpoint,
    shutdown: async () => {
      unpatch();
      // Flush what is buffered, but a collector that does not answer (down, unresolvable) must not hold a
      // stopping process for the exporter's own timeout (10 s): the spans still buffered are then lost.
      await settledWithin(
        Promise.allSettled([tracerProvider.shutdown(), meterProvider.shutdown()]),
        SHUTDOWN_FLUSH_MS,
      );
      // Unregister the globals so a later start (tests) can register afresh.
      metrics.disable();
      trace.disable();
      propagation.disable();
      context.disable();
      if (slot[STARTED] === telemetry) slot[STARTED] = undefined;
    },
  };
  slot[STARTED] = telemetry;
  return telemetry;
}

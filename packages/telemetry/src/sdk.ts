import { OTLPTraceExporter } from "@opentelemetry/exporter-trace-otlp-http";
import { resourceFromAttributes } from "@opentelemetry/resources";
import { NodeSDK } from "@opentelemetry/sdk-node";
import { BatchSpanProcessor, NoopSpanProcessor, type SpanProcessor } from "@opentelemetry/sdk-trace-base";

export interface Telemetry {
  shutdown(): Promise<void>;
}

let started: Telemetry | undefined;

/**
 * Start the OpenTelemetry SDK once per process. Spans always exist (so trace ids reach logs and problem
 * bodies and travel over HTTP, gRPC and NATS); they are exported only when OTEL_EXPORTER_OTLP_ENDPOINT is
 * set, so a laptop without a collector logs no export errors.
 */
export function startTelemetry(options: {
  serviceName: string;
  otlpEndpoint?: string | undefined;
}): Telemetry {
  if (started) return started;
  const spanProcessors: SpanProcessor[] = options.otlpEndpoint
    ? [
        new BatchSpanProcessor(
          new OTLPTraceExporter({ url: `${options.otlpEndpoint.replace(/\/$/, "")}/v1/traces` }),
        ),
      ]
    : // A processor is needed for the SDK to register a real tracer provider; this one exports nothing.
      [new NoopSpanProcessor()];
  const sdk = new NodeSDK({
    resource: resourceFromAttributes({ "service.name": options.serviceName }),
    spanProcessors,
    instrumentations: [],
  });
  sdk.start();
  started = {
    shutdown: async () => {
      await sdk.shutdown().catch(() => {});
      started = undefined;
    },
  };
  return started;
}

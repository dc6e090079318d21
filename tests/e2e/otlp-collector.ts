import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export interface CollectedSpan {
  service: string;
  traceId: string;
  spanId: string;
  parentSpanId: string | undefined;
  name: string;
  /** OTLP span kind: 1 internal, 2 server, 3 client, 4 producer, 5 consumer. */
  kind: number;
}

export interface OtlpCollector {
  /** Base URL, for `OTEL_EXPORTER_OTLP_ENDPOINT`. */
  url: string;
  spans: CollectedSpan[];
  close(): Promise<void>;
}

interface OtlpJson {
  resourceSpans?: {
    resource?: { attributes?: { key: string; value: { stringValue?: string } }[] };
    scopeSpans?: {
      spans?: { traceId: string; spanId: string; parentSpanId?: string; name: string; kind: number }[];
    }[];
  }[];
}

/**
 * A stand-in OpenTelemetry collector: accepts OTLP/HTTP JSON trace exports (what
 * `@opentelemetry/exporter-trace-otlp-http` sends) and keeps every span, labelled with its service.
 */
export async function startOtlpCollector(): Promise<OtlpCollector> {
  const spans: CollectedSpan[] = [];
  const server: Server = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk) => (body += chunk));
    request.on("end", () => {
      if (request.url === "/v1/traces") {
        try {
          collect(JSON.parse(body) as OtlpJson, spans);
        } catch {
          // not JSON: ignored, the test will miss the spans and say so
        }
      }
      response.writeHead(200, { "content-type": "application/json" }).end("{}");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    spans,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

function collect(payload: OtlpJson, into: CollectedSpan[]): void {
  for (const resourceSpans of payload.resourceSpans ?? []) {
    const service =
      resourceSpans.resource?.attributes?.find((a) => a.key === "service.name")?.value.stringValue ?? "?";
    for (const scope of resourceSpans.scopeSpans ?? []) {
      for (const span of scope.spans ?? []) {
        into.push({
          service,
          traceId: span.traceId,
          spanId: span.spanId,
          parentSpanId: span.parentSpanId || undefined,
          name: span.name,
          kind: span.kind,
        });
      }
    }
  }
}

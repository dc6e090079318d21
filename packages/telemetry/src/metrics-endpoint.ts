import type { IncomingMessage, ServerResponse } from "node:http";
import { PrometheusExporter } from "@opentelemetry/exporter-prometheus";
import {
  AggregationType,
  InstrumentType,
  type MetricReader,
  type ViewOptions,
} from "@opentelemetry/sdk-metrics";

export interface MetricsEndpoint {
  /** The pull-mode reader registered with the meter provider. */
  reader: MetricReader;
  /** Answers a `GET /metrics` with the Prometheus text format. */
  handle(request: IncomingMessage, response: ServerResponse): void;
}

/**
 * The Prometheus exporter in pull mode: `preventServerStart` keeps it from opening its own port (9464);
 * the ops server calls `handle` instead, so each process exposes health, readiness and metrics on one port.
 */
export function createMetricsEndpoint(): MetricsEndpoint {
  const exporter = new PrometheusExporter({ preventServerStart: true });
  return {
    reader: exporter,
    handle: (request, response) => exporter.getMetricsRequestHandler(request, response),
  };
}

/** Buckets for latencies in seconds: 1 ms to 10 s, dense where requests usually land. */
export const SECONDS_BUCKETS = [
  0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.075, 0.1, 0.25, 0.5, 0.75, 1, 2.5, 5, 10,
];

/**
 * The SDK's default histogram buckets (0, 5, 10, 25, ... 10000) suit milliseconds; every histogram in
 * seconds (`unit: "s"`, as OTel conventions ask) gets latency buckets instead, whoever created it.
 */
export const LATENCY_VIEWS: ViewOptions[] = [
  {
    instrumentType: InstrumentType.HISTOGRAM,
    instrumentUnit: "s",
    aggregation: {
      type: AggregationType.EXPLICIT_BUCKET_HISTOGRAM,
      options: { boundaries: SECONDS_BUCKETS },
    },
  },
];

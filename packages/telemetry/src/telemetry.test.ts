import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { context, metrics, SpanKind, trace } from "@opentelemetry/api";
import { afterAll, describe, expect, it } from "vitest";
import { PG_POOL_COUNTERS, withoutInstruments } from "./instrumentations";
import { currentTraceId, incomingTraceContext, outgoingTraceHeaders } from "./propagation";
import { spanInstrumentationsWanted, startTelemetry } from "./sdk";

const telemetry = startTelemetry({ serviceName: "telemetry-test" });
afterAll(() => telemetry.shutdown());

describe("trace propagation", () => {
  it("writes the active span as a W3C traceparent and reads it back on the other side", async () => {
    const tracer = trace.getTracer("test");
    await tracer.startActiveSpan("outgoing", { kind: SpanKind.CLIENT }, async (span) => {
      const headers = outgoingTraceHeaders();
      const { traceId, spanId } = span.spanContext();
      // No exporter configured: the span is not recorded (flags 00), its ids are real all the same.
      expect(span.isRecording()).toBe(false);
      expect(traceId).toMatch(/^(?!0+$)[0-9a-f]{32}$/);
      expect(headers.traceparent).toBe(`00-${traceId}-${spanId}-00`);
      expect(currentTraceId()).toBe(traceId);

      // receiving side: a fresh root context continued from the headers
      const remote = incomingTraceContext(headers, context.active());
      const child = tracer.startSpan("incoming", {}, remote);
      expect(child.spanContext().traceId).toBe(traceId);
      expect(child.spanContext().spanId).not.toBe(spanId);
      child.end();
      span.end();
    });
  });

  it("has no trace id outside a span", () => {
    expect(currentTraceId()).toBeUndefined();
    expect(outgoingTraceHeaders()).toEqual({});
  });
});

describe("metrics endpoint", () => {
  it("renders OTel instruments as Prometheus text, with latency buckets for histograms in seconds", async () => {
    const meter = metrics.getMeter("@mp/telemetry-test");
    meter.createCounter("test.requests", { unit: "{request}" }).add(2, { route: "/a" });
    meter.createHistogram("test.latency", { unit: "s" }).record(0.004);
    meter.createObservableGauge("test.queue.depth", { unit: "{row}" }).addCallback((r) => r.observe(7));

    const server = createServer((request, response) => telemetry.metrics.handle(request, response));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const response = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/metrics`);
      const text = await response.text();
      expect(response.headers.get("content-type")).toMatch(/^text\/plain/);
      expect(text).toMatch(/^test_requests_total\{route="\/a"(,[^}]*)?\} 2$/m);
      expect(text).toMatch(/^test_latency_bucket\{[^}]*le="0.005"\} 1$/m);
      expect(text).toMatch(/^test_latency_bucket\{[^}]*le="0.0025"\} 0$/m);
      expect(text).toMatch(/^test_queue_depth(\{[^}]*\})? 7$/m);
    } finally {
      server.close();
    }
  });

  it("leaves out the named up/down counters of a meter, and only those", async () => {
    const meter = withoutInstruments(metrics.getMeterProvider(), new Set(["test.pool.used"])).getMeter(
      "@mp/telemetry-test-filtered",
    );
    meter.createUpDownCounter("test.pool.used").add(3);
    meter.createUpDownCounter("test.pool.kept").add(4);
    meter.createHistogram("test.query.duration", { unit: "s" }).record(0.002);

    const server = createServer((request, response) => telemetry.metrics.handle(request, response));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const port = (server.address() as AddressInfo).port;
      const text = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
      expect(text).not.toMatch(/^test_pool_used/m);
      expect(text).toMatch(/^test_pool_kept(\{[^}]*\})? 4$/m);
      expect(text).toMatch(/^test_query_duration_count(\{[^}]*\})? 1$/m);
    } finally {
      server.close();
    }
  });

  it("names the pg instrumentation's per-checkout pool counters, not its query duration", () => {
    expect([...PG_POOL_COUNTERS].sort()).toEqual([
      "db.client.connection.count",
      "db.client.connection.pending_requests",
    ]);
    expect(PG_POOL_COUNTERS.has("db.client.operation.duration")).toBe(false);
  });
});

describe("incomingTraceContext", () => {
  it("keeps a server span an instrumentation already opened, instead of starting a sibling", () => {
    const tracer = trace.getTracer("test");
    const caller = tracer.startSpan("caller");
    const headers = outgoingTraceHeaders(trace.setSpan(context.active(), caller));
    const instrumented = tracer.startSpan("instrumentation server span");
    const active = trace.setSpan(context.active(), instrumented);
    expect(incomingTraceContext(headers, active)).toBe(active);
    const bare = incomingTraceContext(headers, context.active());
    expect(trace.getSpanContext(bare)?.spanId).toBe(caller.spanContext().spanId);
    instrumented.end();
    caller.end();
  });
});

describe("spanInstrumentationsWanted", () => {
  it("patches http and gRPC only when spans are exported", () => {
    expect(spanInstrumentationsWanted({ instrument: true, otlpEndpoint: "http://collector:4318" })).toBe(
      true,
    );
    expect(spanInstrumentationsWanted({ instrument: true, otlpEndpoint: undefined })).toBe(false);
    expect(spanInstrumentationsWanted({ instrument: true, otlpEndpoint: "" })).toBe(false);
    expect(spanInstrumentationsWanted({ instrument: false, otlpEndpoint: "http://collector:4318" })).toBe(
      false,
    );
  });
});

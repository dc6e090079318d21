import { context, SpanKind, trace } from "@opentelemetry/api";
import { afterAll, describe, expect, it } from "vitest";
import { currentTraceId, incomingTraceContext, outgoingTraceHeaders } from "./propagation";
import { startTelemetry } from "./sdk";

const telemetry = startTelemetry({ serviceName: "telemetry-test" });
afterAll(() => telemetry.shutdown());

describe("trace propagation", () => {
  it("writes the active span as a W3C traceparent and reads it back on the other side", async () => {
    const tracer = trace.getTracer("test");
    await tracer.startActiveSpan("outgoing", { kind: SpanKind.CLIENT }, async (span) => {
      const headers = outgoingTraceHeaders();
      const { traceId, spanId } = span.spanContext();
      expect(headers.traceparent).toBe(`00-${traceId}-${spanId}-01`);
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

import { withTransaction } from "@mp/db";
import { waitFor } from "@mp/testing";
import { context, propagation, SpanKind, trace } from "@opentelemetry/api";
import { AsyncLocalStorageContextManager } from "@opentelemetry/context-async-hooks";
import { W3CTraceContextPropagator } from "@opentelemetry/core";
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  type ReadableSpan,
  SimpleSpanProcessor,
} from "@opentelemetry/sdk-trace-base";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Bus } from "./connection";
import { startConsumer } from "./consumer";
import { newEvent } from "./envelope";
import { appendToOutbox } from "./outbox";
import { startOutboxRelay } from "./outbox-relay";
import { ensureStream } from "./streams";
import { type BusFixture, busFixture } from "./test-fixture";

const exporter = new InMemorySpanExporter();
let fx: BusFixture;
let bus: Bus;

beforeAll(async () => {
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  trace.setGlobalTracerProvider(
    new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] }),
  );
  fx = await busFixture("bus_tracing");
  bus = await fx.connect();
  await ensureStream(bus, { name: "TRACE", subjects: ["trace.>"] });
});
afterAll(async () => {
  await fx?.cleanup();
  trace.disable();
  propagation.disable();
  context.disable();
});

const parentOf = (span: ReadableSpan) => span.parentSpanContext?.spanId;

describe("tracing through the outbox and NATS", () => {
  it("makes the relay's publish a producer span and the handling a consumer span of the request's trace", async () => {
    const tracer = trace.getTracer("test");
    const event = newEvent("trace.order.placed.v1", "trace", { orderId: "o-1" });
    await tracer.startActiveSpan("POST /orders", { kind: SpanKind.SERVER }, async (request) => {
      await withTransaction(fx.pool, (client) => appendToOutbox(client, event));
      request.end();
    });
    const consumer = startConsumer({
      bus,
      pool: fx.pool,
      logger: fx.logger,
      stream: "TRACE",
      durable: "trace-ledger",
      eventTypes: [event.type],
      handle: async () => {
        tracer.startSpan("apply order").end();
      },
    });
    const relay = startOutboxRelay({ pool: fx.pool, bus, logger: fx.logger });
    let spans: ReadableSpan[] = [];
    try {
      spans = await waitFor(() => {
        const finished = exporter.getFinishedSpans();
        return finished.some((s) => s.name.startsWith("process ")) ? finished : undefined;
      });
    } finally {
      await relay.stop();
      await consumer.stop();
    }
    const byName = (prefix: string) => {
      const span = spans.find((s) => s.name.startsWith(prefix));
      if (!span) throw new Error(`no span ${prefix} among ${spans.map((s) => s.name).join(", ")}`);
      return span;
    };
    const request = byName("POST /orders");
    const send = byName("send ");
    const process = byName("process ");
    const effect = byName("apply order");

    expect(send.kind).toBe(SpanKind.PRODUCER);
    expect(process.kind).toBe(SpanKind.CONSUMER);
    const traceId = request.spanContext().traceId;
    for (const span of [send, process, effect]) expect(span.spanContext().traceId).toBe(traceId);
    expect(parentOf(send)).toBe(request.spanContext().spanId);
    expect(parentOf(process)).toBe(send.spanContext().spanId);
    expect(parentOf(effect)).toBe(process.spanContext().spanId);
    expect(send.attributes).toMatchObject({
      "messaging.system": "nats",
      "messaging.message.id": event.id,
      "messaging.destination.name": bus.subject(event.type),
    });
    expect(process.attributes).toMatchObject({
      "messaging.consumer.group.name": "trace-ledger",
      "bus.outcome": "handled",
    });
  });
});

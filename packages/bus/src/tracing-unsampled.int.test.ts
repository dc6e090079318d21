import { withTransaction } from "@mp/db";
import { waitFor } from "@mp/testing";
import { context, propagation, type SpanContext, SpanKind, trace } from "@opentelemetry/api";
import { AsyncLocalStorageContextManager } from "@opentelemetry/context-async-hooks";
import { W3CTraceContextPropagator } from "@opentelemetry/core";
import { AlwaysOffSampler, BasicTracerProvider } from "@opentelemetry/sdk-trace-base";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Bus } from "./connection";
import { startConsumer } from "./consumer";
import { newEvent } from "./envelope";
import { appendToOutbox, writeWithOutbox } from "./outbox";
import { startOutboxRelay } from "./outbox-relay";
import { ensureStream } from "./streams";
import { type BusFixture, busFixture, readStream } from "./test-fixture";

let fx: BusFixture;
let bus: Bus;

beforeAll(async () => {
  // As the services run without an exporter: real ids, every span sampled out.
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  trace.setGlobalTracerProvider(new BasicTracerProvider({ sampler: new AlwaysOffSampler() }));
  fx = await busFixture("bus_tracing_off");
  bus = await fx.connect();
  await ensureStream(bus, { name: "UNTRACED", subjects: ["untraced.>"] });
  await fx.pool.query("CREATE TABLE IF NOT EXISTS untraced_thing (id int PRIMARY KEY)");
});
afterAll(async () => {
  await fx?.cleanup();
  trace.disable();
  propagation.disable();
  context.disable();
});

describe("tracing through the outbox and NATS with spans sampled out", () => {
  it("hands the request's trace context to the message and to the handler, without spans of its own", async () => {
    const tracer = trace.getTracer("test");
    const events = [1, 2].map((n) => newEvent("untraced.order.placed.v1", "untraced", { n }));
    const requests: SpanContext[] = [];
    // One request writes in a transaction, the other with writeWithOutbox.
    await tracer.startActiveSpan("POST /orders", { kind: SpanKind.SERVER }, async (request) => {
      requests.push(request.spanContext());
      await withTransaction(fx.pool, (client) => appendToOutbox(client, events[0]!));
      request.end();
    });
    await tracer.startActiveSpan("POST /orders", { kind: SpanKind.SERVER }, async (request) => {
      requests.push(request.spanContext());
      await writeWithOutbox(
        fx.pool,
        { text: "INSERT INTO untraced_thing (id) VALUES (1)", values: [] },
        events[1]!,
      );
      request.end();
    });
    const seen = new Map<string, SpanContext | undefined>();
    const consumer = startConsumer({
      bus,
      pool: fx.pool,
      logger: fx.logger,
      stream: "UNTRACED",
      durable: "untraced-ledger",
      eventTypes: ["untraced.order.placed.v1"],
      handle: async (event) => {
        seen.set(event.id, trace.getActiveSpan()?.spanContext());
      },
    });
    const relay = startOutboxRelay({ pool: fx.pool, bus, logger: fx.logger });
    try {
      await waitFor(() => (seen.size === 2 ? true : undefined), { what: "both events handled" });
    } finally {
      await relay.stop();
      await consumer.stop();
    }
    const entries = await readStream(bus, "UNTRACED");
    for (const [i, event] of events.entries()) {
      const request = requests[i] as SpanContext;
      expect(request.traceId).not.toMatch(/^0+$/);
      // The message carries the request's context, and the handler runs in it: its logs and the events it
      // emits belong to the request's trace.
      expect(entries.find((e) => e.msgId === event.id)?.traceparent).toBe(
        `00-${request.traceId}-${request.spanId}-00`,
      );
      expect(seen.get(event.id)).toMatchObject({ traceId: request.traceId, spanId: request.spanId });
    }
  });
});

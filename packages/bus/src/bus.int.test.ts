import { AsyncLocalStorage } from "node:async_hooks";
import { withTransaction } from "@mp/db";
import { waitFor } from "@mp/testing";
import {
  type Context,
  type ContextManager,
  context,
  isSpanContextValid,
  propagation,
  ROOT_CONTEXT,
  type TextMapPropagator,
  TraceFlags,
  trace,
} from "@opentelemetry/api";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Bus } from "./connection";
import { startConsumer } from "./consumer";
import { type EventEnvelope, newEvent } from "./envelope";
import { appendToOutbox } from "./outbox";
import { startOutboxRelay } from "./outbox-relay";
import { ensureStream } from "./streams";
import { type BusFixture, busFixture, publishRaw, readStream } from "./test-fixture";
import { captureTraceContext } from "./trace-context";

/** Just enough of an OpenTelemetry SDK for context to flow across awaits and cross as `traceparent`. */
class AsyncLocalContextManager implements ContextManager {
  #storage = new AsyncLocalStorage<Context>();
  active(): Context {
    return this.#storage.getStore() ?? ROOT_CONTEXT;
  }
  with<A extends unknown[], F extends (...args: A) => ReturnType<F>>(
    ctx: Context,
    fn: F,
    thisArg?: ThisParameterType<F>,
    ...args: A
  ): ReturnType<F> {
    return this.#storage.run(ctx, () => fn.apply(thisArg, args));
  }
  bind<T>(_ctx: Context, target: T): T {
    return target;
  }
  enable(): this {
    return this;
  }
  disable(): this {
    this.#storage.disable();
    return this;
  }
}

const traceparentPropagator: TextMapPropagator = {
  inject(ctx, carrier, setter) {
    const span = trace.getSpanContext(ctx);
    if (!span || !isSpanContextValid(span)) return;
    setter.set(carrier, "traceparent", `00-${span.traceId}-${span.spanId}-0${span.traceFlags.toString(16)}`);
  },
  extract(ctx, carrier, getter) {
    const value = getter.get(carrier, "traceparent");
    const match = /^00-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})$/.exec(
      typeof value === "string" ? value : "",
    );
    if (!match?.[1] || !match[2] || !match[3]) return ctx;
    return trace.setSpanContext(ctx, {
      traceId: match[1],
      spanId: match[2],
      traceFlags: Number.parseInt(match[3], 16),
      isRemote: true,
    });
  },
  fields: () => ["traceparent"],
};

let fx: BusFixture;
let bus: Bus;

beforeAll(async () => {
  context.setGlobalContextManager(new AsyncLocalContextManager());
  propagation.setGlobalPropagator(traceparentPropagator);
  fx = await busFixture("bus_e2e");
  bus = await fx.connect();
});
afterAll(async () => {
  await fx?.cleanup();
  context.disable();
  propagation.disable();
});

describe("bus", () => {
  it("namespaces subjects and stream names", () => {
    expect(bus.namespace).toBe(fx.infra.busNamespace);
    expect(bus.subject("a.b.v1")).toBe(`${fx.infra.busNamespace}a.b.v1`);
    expect(bus.streamName("ORDERS")).toBe(
      `${fx.infra.busNamespace.toUpperCase().replaceAll(".", "_")}ORDERS`,
    );
  });

  it("ensureStream is idempotent and brings subjects up to date", async () => {
    await ensureStream(bus, { name: "CATALOG", subjects: ["catalog.item.>"] });
    await ensureStream(bus, { name: "CATALOG", subjects: ["catalog.item.>"] });
    await ensureStream(bus, { name: "CATALOG", subjects: ["catalog.item.>", "catalog.price.>"] });
    const info = await bus.jsm.streams.info(bus.streamName("CATALOG"));
    expect(info.config.subjects).toEqual([bus.subject("catalog.item.>"), bus.subject("catalog.price.>")]);
    expect(info.config.duplicate_window).toBe(120_000_000_000);
    // The defaults: one replica, 30 days, no size cap.
    expect(info.config).toMatchObject({ num_replicas: 1, max_age: 30 * 86_400 * 1e9, max_bytes: -1 });
  });

  it("ensureStream applies and updates replicas, max_age and max_bytes", async () => {
    await ensureStream(
      bus,
      { name: "RETAINED", subjects: ["retained.>"] },
      { maxAgeMs: 3_600_000, maxBytes: 8 << 20 },
    );
    const first = await bus.jsm.streams.info(bus.streamName("RETAINED"));
    expect(first.config).toMatchObject({ num_replicas: 1, max_age: 3_600 * 1e9, max_bytes: 8 << 20 });
    await ensureStream(
      bus,
      { name: "RETAINED", subjects: ["retained.>"] },
      { maxAgeMs: 7_200_000, maxBytes: 16 << 20 },
    );
    const updated = await bus.jsm.streams.info(bus.streamName("RETAINED"));
    expect(updated.config).toMatchObject({ max_age: 7_200 * 1e9, max_bytes: 16 << 20, discard: "old" });
  });

  it("carries an event from a committed transaction to a handler, with its trace context", async () => {
    await ensureStream(bus, { name: "SALES", subjects: ["sales.>"] });
    const traceId = "4bf92f3577b34da6a3ce929d0e0e4736";
    const producer = trace.setSpanContext(ROOT_CONTEXT, {
      traceId,
      spanId: "00f067aa0ba902b7",
      traceFlags: TraceFlags.SAMPLED,
    });
    const event = newEvent("sales.order.paid.v1", "sales", { orderId: "o-9", amountCents: 4200 });
    await context.with(producer, () => withTransaction(fx.pool, (client) => appendToOutbox(client, event)));

    const seen: Array<{ event: EventEnvelope; traceId: string | undefined }> = [];
    const consumer = startConsumer({
      bus,
      pool: fx.pool,
      logger: fx.logger,
      stream: "SALES",
      durable: "ledger",
      eventTypes: ["sales.order.paid.v1"],
      handle: async (e) => {
        seen.push({ event: e, traceId: trace.getSpanContext(context.active())?.traceId });
      },
    });
    const relay = startOutboxRelay({ pool: fx.pool, bus, logger: fx.logger });
    try {
      await waitFor(() => (seen.length > 0 ? true : undefined));
    } finally {
      await relay.stop();
      await consumer.stop();
    }
    expect(seen).toEqual([{ event, traceId }]);
    const [entry] = await readStream(bus, "SALES");
    expect(entry?.traceparent).toBe(`00-${traceId}-00f067aa0ba902b7-01`);
  });

  it("appends events gathered from several contexts with each one's trace context", async () => {
    const contextOf = (spanId: string) =>
      trace.setSpanContext(ROOT_CONTEXT, {
        traceId: "4bf92f3577b34da6a3ce929d0e0e4737",
        spanId,
        traceFlags: TraceFlags.SAMPLED,
      });
    const spans = ["00f067aa0ba902c1", "00f067aa0ba902c2"];
    const traceContexts = spans.map((span) => captureTraceContext(contextOf(span)));
    const events = spans.map((_, i) => newEvent("gathered.event.v1", "gathered", { i }));
    await withTransaction(fx.pool, (client) => appendToOutbox(client, events, { traceContexts }));
    const { rows } = await fx.pool.query<{ traceparent: string }>(
      "SELECT headers->>'traceparent' AS traceparent FROM outbox WHERE event_id = ANY($1::uuid[]) ORDER BY seq",
      [events.map((e) => e.id)],
    );
    expect(rows.map((r) => r.traceparent)).toEqual(
      spans.map((span) => `00-4bf92f3577b34da6a3ce929d0e0e4737-${span}-01`),
    );
    await expect(
      withTransaction(fx.pool, (client) =>
        appendToOutbox(client, events, { traceContexts: traceContexts.slice(1) }),
      ),
    ).rejects.toThrow("1 trace contexts for 2 events");
  });

  it("consumes several event types with one consumer and ignores the others", async () => {
    await ensureStream(bus, { name: "MIXED", subjects: ["mixed.>"] });
    const wanted = [newEvent("mixed.a.v1", "mixed", {}), newEvent("mixed.b.v1", "mixed", {})];
    const other = newEvent("mixed.c.v1", "mixed", {});
    for (const e of [wanted[0], other, wanted[1]]) {
      if (e) await publishRaw(bus, e.type, JSON.stringify(e), e.id);
    }
    const handled: string[] = [];
    const consumer = startConsumer({
      bus,
      pool: fx.pool,
      logger: fx.logger,
      stream: "MIXED",
      durable: "mixed",
      eventTypes: ["mixed.a.v1", "mixed.b.v1"],
      handle: async (e) => {
        handled.push(e.type);
      },
    });
    try {
      await waitFor(() => (consumer.stats().handled === 2 ? true : undefined));
      await waitFor(async () => {
        const info = await bus.jsm.consumers.info(bus.streamName("MIXED"), consumer.durable);
        return info.num_ack_pending === 0 && info.num_pending === 0 ? true : undefined;
      });
    } finally {
      await consumer.stop();
    }
    expect(handled).toEqual(["mixed.a.v1", "mixed.b.v1"]);
  });
});

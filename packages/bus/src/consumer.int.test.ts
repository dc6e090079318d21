import { waitFor } from "@mp/testing";
import { createNoopMeter, type Meter, metrics } from "@opentelemetry/api";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import type { Bus } from "./connection";
import { type Consumer, startConsumer } from "./consumer";
import { countDeadLetters, listDeadLetters, replayDeadLetter } from "./dead-letters";
import { type EventEnvelope, newEvent } from "./envelope";
import { ensureStream } from "./streams";
import { applyEffect, type BusFixture, busFixture, effectCount, publishRaw } from "./test-fixture";

let fx: BusFixture;
let bus: Bus;
const consumers: Consumer[] = [];
const deadLetterMetric: Array<{ value: number; consumer: unknown }> = [];

beforeAll(async () => {
  // Record what reaches the `bus.dead_letters` counter; every other instrument stays a no-op.
  const noop = createNoopMeter();
  const meter: Meter = new Proxy(noop, {
    get: (target, key, receiver) =>
      key === "createCounter"
        ? (name: string) => ({
            add: (value: number, attributes?: Record<string, unknown>) => {
              if (name === "bus.dead_letters")
                deadLetterMetric.push({ value, consumer: attributes?.consumer });
            },
          })
        : Reflect.get(target, key, receiver),
  });
  metrics.setGlobalMeterProvider({ getMeter: () => meter });
  fx = await busFixture("bus_consumer");
  bus = await fx.connect();
  await ensureStream(bus, { name: "SHOP", subjects: ["shop.>"] });
});
afterEach(async () => {
  await Promise.all(consumers.splice(0).map((c) => c.stop()));
});
afterAll(async () => {
  await fx?.cleanup();
  metrics.disable();
});

function consume(
  durable: string,
  type: string,
  handle: (event: EventEnvelope<unknown>) => Promise<void>,
  extra: { maxDeliver?: number; backoffMs?: number[]; schema?: z.ZodType<unknown> } = {},
): Consumer {
  const consumer = startConsumer({
    bus,
    pool: fx.pool,
    logger: fx.logger,
    stream: "SHOP",
    durable,
    eventTypes: [type],
    ...extra,
    handle: async (event, client) => {
      await handle(event);
      await applyEffect(client, event.id);
    },
  });
  consumers.push(consumer);
  return consumer;
}

async function consumerInfo(durable: string) {
  return bus.jsm.consumers.info(bus.streamName("SHOP"), durable);
}

async function deadLetterRows(consumer: string) {
  const { rows } = await fx.pool.query<{
    event_id: string;
    attempts: number;
    subject: string;
    error: string;
  }>("SELECT event_id, attempts, subject, error FROM dead_letters WHERE consumer = $1", [consumer]);
  return rows;
}

describe("consumer", () => {
  it("applies an event delivered twice only once (inbox)", async () => {
    const type = "shop.order.placed.v1";
    const event = newEvent(type, "shop", { orderId: "o-1" });
    const body = JSON.stringify(event);
    // Different Nats-Msg-Ids defeat JetStream dedup: the stream really holds the event twice.
    await publishRaw(bus, type, body, `${event.id}-a`);
    await publishRaw(bus, type, body, `${event.id}-b`);
    let calls = 0;
    const consumer = consume("dedup", type, async () => {
      calls++;
    });
    await waitFor(() => {
      const s = consumer.stats();
      return s.handled + s.duplicates === 2 ? s : undefined;
    });
    expect(consumer.stats()).toEqual({ handled: 1, duplicates: 1, retried: 0, deadLettered: 0 });
    expect(calls).toBe(1);
    expect(await effectCount(fx.pool, event.id)).toBe(1);
  });

  it("retries a failing handler, then dead-letters it after maxDeliver deliveries", async () => {
    const type = "shop.payment.failed.v1";
    const event = newEvent(type, "shop", { paymentId: "p-1" });
    let calls = 0;
    const consumer = consume(
      "always-fails",
      type,
      async () => {
        calls++;
        throw new Error("downstream is broken");
      },
      { maxDeliver: 3, backoffMs: [50] },
    );
    await publishRaw(bus, type, JSON.stringify(event), event.id);

    await waitFor(() => (consumer.stats().deadLettered === 1 ? true : undefined));
    // Terminated on the server: nothing pending, nothing awaiting an ack, so no further redelivery.
    await waitFor(async () => {
      const info = await consumerInfo(consumer.durable);
      return info.num_ack_pending === 0 && info.num_pending === 0 ? info : undefined;
    });
    expect(calls).toBe(3);
    expect(consumer.stats()).toEqual({ handled: 0, duplicates: 0, retried: 2, deadLettered: 1 });
    const rows = await deadLetterRows("always-fails");
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ event_id: event.id, attempts: 3, subject: bus.subject(type) });
    expect(rows[0]?.error).toContain("downstream is broken");
    expect(await countDeadLetters(fx.pool, "always-fails")).toBe(1);
    expect(deadLetterMetric).toContainEqual({ value: 1, consumer: "always-fails" });
    expect(await effectCount(fx.pool, event.id)).toBe(0);
  });

  it("applies once an event whose handler fails once then succeeds", async () => {
    const type = "shop.stock.reserved.v1";
    const event = newEvent(type, "shop", { sku: "s-1" });
    let calls = 0;
    const consumer = consume(
      "flaky",
      type,
      async () => {
        calls++;
        if (calls === 1) throw new Error("transient");
      },
      { maxDeliver: 3, backoffMs: [50] },
    );
    await publishRaw(bus, type, JSON.stringify(event), event.id);
    await waitFor(() => (consumer.stats().handled === 1 ? true : undefined));
    expect(calls).toBe(2);
    expect(consumer.stats()).toEqual({ handled: 1, duplicates: 0, retried: 1, deadLettered: 0 });
    expect(await effectCount(fx.pool, event.id)).toBe(1);
    expect(await countDeadLetters(fx.pool, "flaky")).toBe(0);
  });

  it("dead-letters an unparsable message or one whose data fails the schema at once", async () => {
    const type = "shop.item.priced.v1";
    const bad = newEvent(type, "shop", { priceCents: "ten" });
    let calls = 0;
    const consumer = consume(
      "strict",
      type,
      async () => {
        calls++;
      },
      { schema: z.object({ priceCents: z.number().int() }) },
    );
    await publishRaw(bus, type, "not json at all", "garbage-1");
    await publishRaw(bus, type, JSON.stringify(bad), bad.id);
    await waitFor(() => (consumer.stats().deadLettered === 2 ? true : undefined));
    expect(calls).toBe(0);
    const rows = await deadLetterRows("strict");
    expect(rows.map((r) => [r.event_id, r.attempts])).toEqual(
      expect.arrayContaining([
        [null, 1],
        [bad.id, 1],
      ]),
    );
    expect(rows.find((r) => r.event_id === bad.id)?.error).toContain("priceCents");
    expect(await countDeadLetters(fx.pool)).toBeGreaterThanOrEqual(2);
  });

  it("resumes a durable consumer where it stopped", async () => {
    const type = "shop.cart.updated.v1";
    const first = newEvent(type, "shop", { v: 1 });
    const second = newEvent(type, "shop", { v: 2 });
    const seen: string[] = [];
    const handler = async (e: EventEnvelope<unknown>) => {
      seen.push(e.id);
    };
    const before = consume("resumable", type, handler);
    await publishRaw(bus, type, JSON.stringify(first), first.id);
    await waitFor(() => (before.stats().handled === 1 ? true : undefined));
    await before.stop();
    await publishRaw(bus, type, JSON.stringify(second), second.id);
    const after = consume("resumable", type, handler);
    await waitFor(() => (after.stats().handled === 1 ? true : undefined));
    expect(seen).toEqual([first.id, second.id]);
  });

  it("replays a dead letter once its cause is fixed", async () => {
    const type = "shop.invoice.issued.v1";
    const event = newEvent(type, "shop", { invoiceId: "i-1" });
    let broken = true;
    const consumer = consume(
      "invoicing",
      type,
      async () => {
        if (broken) throw new Error("tax service down");
      },
      { maxDeliver: 1 },
    );
    await publishRaw(bus, type, JSON.stringify(event), event.id);
    await waitFor(() => (consumer.stats().deadLettered === 1 ? true : undefined));
    const [letter] = await listDeadLetters(fx.pool, { consumer: "invoicing" });
    expect(letter).toMatchObject({ eventId: event.id, subject: bus.subject(type), replayedAt: null });

    broken = false;
    await replayDeadLetter(fx.pool, bus.js, letter!.id);
    await waitFor(() => (consumer.stats().handled === 1 ? true : undefined), { what: "the replayed event" });
    expect(await effectCount(fx.pool, event.id)).toBe(1);
    expect(await listDeadLetters(fx.pool, { consumer: "invoicing" })).toEqual([]);
    const [replayed] = await listDeadLetters(fx.pool, { consumer: "invoicing", includeReplayed: true });
    expect(replayed?.replayedAt).toBeInstanceOf(Date);
  });
});

import { waitFor } from "@mp/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Bus } from "./connection";
import { startConsumer } from "./consumer";
import { newEvent } from "./envelope";
import { ensureStream } from "./streams";
import { type BusFixture, busFixture, publishRaw } from "./test-fixture";

let fx: BusFixture;
let bus: Bus;

beforeAll(async () => {
  fx = await busFixture("bus_heartbeat");
  bus = await fx.connect();
  await ensureStream(bus, { name: "SLOW", subjects: ["slow.>"] });
});
afterAll(async () => {
  await fx?.cleanup();
});

describe("a slow handler", () => {
  it("keeps its message and the one buffered behind it from being redelivered", async () => {
    const ackWaitMs = 1_500;
    const type = "slow.report.built.v1";
    const events = [newEvent(type, "slow", { n: 1 }), newEvent(type, "slow", { n: 2 })];
    for (const e of events) await publishRaw(bus, type, JSON.stringify(e), e.id);

    let release: () => void = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    const calls: string[] = [];
    const consumer = startConsumer({
      bus,
      pool: fx.pool,
      logger: fx.logger,
      stream: "SLOW",
      durable: "reports",
      eventTypes: [type],
      ackWaitMs,
      handle: async (event) => {
        calls.push(event.id);
        if (calls.length === 1) await released;
      },
    });
    try {
      await waitFor(() => (calls.length === 1 ? true : undefined), { what: "the first handler call" });
      // Both messages are held now (one in the handler, one buffered). Keep the handler busy for three
      // ack deadlines: only the heartbeats can stop the server from redelivering them meanwhile.
      await new Promise((resolve) => setTimeout(resolve, ackWaitMs * 3));
      const during = await bus.jsm.consumers.info(bus.streamName("SLOW"), consumer.durable);
      expect(during.num_redelivered).toBe(0);
      release();
      await waitFor(() => (consumer.stats().handled === 2 ? true : undefined), { what: "both handled" });
    } finally {
      release();
      await consumer.stop();
    }
    expect(calls).toEqual(events.map((e) => e.id));
    expect(consumer.stats()).toEqual({ handled: 2, duplicates: 0, retried: 0, deadLettered: 0 });
    const after = await bus.jsm.consumers.info(bus.streamName("SLOW"), consumer.durable);
    expect(after.num_redelivered).toBe(0);
    expect(after.config.ack_wait).toBe(ackWaitMs * 1_000_000);
  });
});

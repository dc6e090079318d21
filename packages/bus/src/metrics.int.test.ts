import { withTransaction } from "@mp/db";
import { waitFor } from "@mp/testing";
import { metrics } from "@opentelemetry/api";
import { MeterProvider, MetricReader } from "@opentelemetry/sdk-metrics";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Bus } from "./connection";
import { startConsumer } from "./consumer";
import { newEvent } from "./envelope";
import { appendToOutbox } from "./outbox";
import { startOutboxRelay } from "./outbox-relay";
import { ensureStream } from "./streams";
import { type BusFixture, busFixture, publishRaw, SCHEMA } from "./test-fixture";

class TestReader extends MetricReader {
  protected override async onForceFlush(): Promise<void> {}
  protected override async onShutdown(): Promise<void> {}
}

const reader = new TestReader();
let fx: BusFixture;
let bus: Bus;

beforeAll(async () => {
  metrics.setGlobalMeterProvider(new MeterProvider({ readers: [reader] }));
  fx = await busFixture("bus_metrics");
  bus = await fx.connect();
  await ensureStream(bus, { name: "GAUGE", subjects: ["gauge.>"] });
});
afterAll(async () => {
  await fx?.cleanup();
  metrics.disable();
});

/** Every data point of one metric as `[attributes, value]`. */
async function points(name: string): Promise<Array<[Record<string, unknown>, number]>> {
  const { resourceMetrics } = await reader.collect();
  const metric = resourceMetrics.scopeMetrics
    .flatMap((s) => s.metrics)
    .find((m) => m.descriptor.name === name);
  return (metric?.dataPoints ?? []).map((p) => [p.attributes, p.value as number]);
}

describe("bus metrics", () => {
  it("reports the outbox backlog, parked rows and dead letters from the tables, and what consumers did", async () => {
    // Two rows whose subject has no stream (retried, not parked before 1000 attempts), the older written a
    // minute ago; and one parked row.
    const stuck = newEvent("nostream.a.v1", "gauge", {});
    await withTransaction(fx.pool, async (client) => {
      await appendToOutbox(client, stuck);
      await appendToOutbox(client, newEvent("nostream.b.v1", "gauge", {}));
    });
    await fx.pool.query("UPDATE outbox SET created_at = now() - interval '60 seconds' WHERE event_id = $1", [
      stuck.id,
    ]);
    const parked = newEvent("gauge.parked.v1", "gauge", {});
    await fx.pool.query(
      "INSERT INTO outbox (event_id, event_type, payload, parked_at, attempts) VALUES ($1, $2, $3, now(), 10)",
      [parked.id, parked.type, JSON.stringify(parked)],
    );
    const relay = startOutboxRelay({ pool: fx.pool, bus, logger: fx.logger, maxAttempts: 1000 });

    const type = "gauge.tick.v1";
    let calls = 0;
    const consumer = startConsumer({
      bus,
      pool: fx.pool,
      logger: fx.logger,
      stream: "GAUGE",
      durable: "ticks",
      eventTypes: [type],
      maxDeliver: 2,
      backoffMs: [10],
      handle: async (event) => {
        calls++;
        if ((event.data as { fail: string }).fail === "always") throw new Error("broken");
      },
    });
    try {
      const ok = newEvent(type, "gauge", { fail: "never" });
      const bad = newEvent(type, "gauge", { fail: "always" });
      await publishRaw(bus, type, JSON.stringify(ok), `${ok.id}-1`);
      await publishRaw(bus, type, JSON.stringify(ok), `${ok.id}-2`);
      await publishRaw(bus, type, JSON.stringify(bad), bad.id);
      await waitFor(() =>
        consumer.stats().deadLettered === 1 && consumer.stats().duplicates === 1 ? true : undefined,
      );

      const labels = { service: "bus_metrics", schema: SCHEMA };
      expect(await points("bus.outbox.unsent")).toEqual([[labels, 2]]);
      const [[, age] = [{}, 0]] = await points("bus.outbox.oldest_unsent_age");
      expect(age).toBeGreaterThanOrEqual(60);
      expect(age).toBeLessThan(600);
      expect(await points("bus.outbox.parked")).toEqual([[labels, 1]]);
      expect(await points("bus.dead_letters.unresolved")).toEqual([[{ ...labels, consumer: "ticks" }, 1]]);
      const consumerLabels = { consumer: "ticks", service: "bus_metrics" };
      expect(await points("bus.dead_letters")).toEqual([[consumerLabels, 1]]);
      expect(await points("bus.consumer.handled")).toEqual([[consumerLabels, 1]]);
      expect(await points("bus.consumer.duplicates")).toEqual([[consumerLabels, 1]]);
      expect(await points("bus.consumer.retried")).toEqual([[consumerLabels, 1]]);
      expect(calls).toBe(3);
    } finally {
      await consumer.stop();
      await relay.stop();
    }
  });

  it("counts, logs and dead-letters an event not sent by its subject's owner, unhandled, in a batch too", async () => {
    await ensureStream(bus, { name: "OWNED", subjects: ["owned.>"] });
    const type = "owned.thing.v1";
    const handled: string[] = [];
    const consumer = startConsumer({
      bus,
      pool: fx.pool,
      logger: fx.logger,
      stream: "OWNED",
      durable: "owned-check",
      eventTypes: [type],
      batchSize: 8,
      // The subject reaches the check without this file's namespace prefix.
      ownerOf: (subject) => (subject.startsWith("owned.") ? "owner" : undefined),
      handle: async (event) => void handled.push(event.id),
    });
    try {
      const genuine = newEvent(type, "owner", {});
      const forged = newEvent(type, "intruder", {});
      const later = newEvent(type, "owner", {});
      for (const event of [genuine, forged, later])
        await publishRaw(bus, type, JSON.stringify(event), event.id);
      await waitFor(() => (consumer.stats().deadLettered === 1 && handled.length === 2 ? true : undefined));

      expect(handled.toSorted()).toEqual([genuine.id, later.id].sort());
      const letters = await fx.pool.query<{ event_id: string; error: string }>(
        "SELECT event_id, error FROM dead_letters WHERE consumer = 'owned-check'",
      );
      expect(letters.rows).toEqual([
        {
          event_id: forged.id,
          error: expect.stringMatching(/^UntrustedEventError: source "intruder" is not owner/),
        },
      ]);
      const labels = { consumer: "owned-check", service: "bus_metrics" };
      expect((await points("bus.consumer.untrusted")).filter(([l]) => l.consumer === "owned-check")).toEqual([
        [labels, 1],
      ]);
      expect(fx.logs).toContainEqual(
        expect.objectContaining({
          level: "warn",
          msg: "event refused: not published by the owner of its subject",
          eventId: forged.id,
          source: "intruder",
        }),
      );
    } finally {
      await consumer.stop();
    }
  });
});

import { withTransaction } from "@mp/db";
import { waitFor } from "@mp/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Bus } from "./connection";
import { startConsumer } from "./consumer";
import { type EventEnvelope, newEvent } from "./envelope";
import { appendToOutbox } from "./outbox";
import { startOutboxRelay } from "./outbox-relay";
import { ensureStream } from "./streams";
import { applyEffect, type BusFixture, busFixture, readStream } from "./test-fixture";

let fx: BusFixture;
let buses: Bus[];

beforeAll(async () => {
  fx = await busFixture("bus_two_relays");
  buses = [await fx.connect(), await fx.connect()];
  await ensureStream(buses[0]!, { name: "PAIR", subjects: ["pair.>"] });
});
afterAll(async () => {
  await fx?.cleanup();
});

describe("two relays on one outbox", () => {
  it("publish every row once, each writer's rows in commit order, while writers commit concurrently", async () => {
    const published: Array<{ relay: number; id: string }> = [];
    const relays = buses.map((bus, relay) =>
      startOutboxRelay({
        pool: fx.pool,
        bus,
        logger: fx.logger,
        pollIntervalMs: 10,
        batchSize: 7,
        afterPublish: (e) => {
          published.push({ relay, id: e.id });
        },
      }),
    );
    const consumer = startConsumer({
      bus: buses[1]!,
      pool: fx.pool,
      logger: fx.logger,
      stream: "PAIR",
      durable: "pair-effects",
      eventTypes: ["pair.thing.happened.v1"],
      handle: (event, client) => applyEffect(client, event.id),
    });
    const written: EventEnvelope[] = [];
    try {
      // 8 writers, 25 transactions each of 1-3 events, while both relays run.
      await Promise.all(
        Array.from({ length: 8 }, async (_, writer) => {
          for (let t = 0; t < 25; t++) {
            const events = Array.from({ length: 1 + ((writer + t) % 3) }, (_, i) =>
              newEvent("pair.thing.happened.v1", "pair", { writer, t, i }),
            );
            await withTransaction(fx.pool, async (client) => {
              for (const event of events) await appendToOutbox(client, event);
            });
            written.push(...events);
          }
        }),
      );
      await waitFor(
        async () => {
          const { rows } = await fx.pool.query<{ n: number }>(
            "SELECT count(*)::int AS n FROM effects WHERE event_id = ANY($1::uuid[])",
            [written.map((e) => e.id)],
          );
          return rows[0]?.n === written.length ? true : undefined;
        },
        { what: "every event applied", timeoutMs: 30_000 },
      );
    } finally {
      await Promise.all(relays.map((r) => r.stop()));
      await consumer.stop();
    }
    // Each row was published by exactly one relay, exactly once.
    expect(published).toHaveLength(written.length);
    expect(new Set(published.map((p) => p.id)).size).toBe(written.length);
    // The stream holds them once each, and every writer's events in the order it committed them
    // (concurrent transactions may commit in another order than they took their seq numbers).
    const entries = await readStream(buses[0]!, "PAIR");
    expect(entries.map((e) => e.msgId).sort()).toEqual(written.map((e) => e.id).sort());
    const writerOf = (e: EventEnvelope) => (e.data as { writer: number }).writer;
    for (let writer = 0; writer < 8; writer++) {
      expect(entries.filter((e) => writerOf(e.event) === writer).map((e) => e.msgId)).toEqual(
        written.filter((e) => writerOf(e) === writer).map((e) => e.id),
      );
    }
    // No effect applied twice.
    const { rows: twice } = await fx.pool.query("SELECT event_id FROM effects WHERE n <> 1");
    expect(twice).toEqual([]);
  });
});

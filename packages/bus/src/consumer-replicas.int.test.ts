import { createPool, type Pool } from "@mp/db";
import { waitFor } from "@mp/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Bus } from "./connection";
import { type Consumer, startConsumer } from "./consumer";
import { type EventEnvelope, newEvent } from "./envelope";
import { ensureStream } from "./streams";
import { applyEffect, type BusFixture, busFixture, effectCount, publishRaw, SCHEMA } from "./test-fixture";

/**
 * Two replicas of one consumer, each with its own pool and NATS connection, on one durable: every event
 * is applied once, those whose first deliveries fail (as purchases' unmatched payments do) included, and
 * a message a replica holds is not handed to the other while it works on it, only once it has died.
 */
let fx: BusFixture;
const pools: Pool[] = [];
const TYPE = "duo.thing.happened.v1";
const ACK_WAIT_MS = 1_000;

beforeAll(async () => {
  fx = await busFixture("bus_consumer_replicas");
  await ensureStream(await fx.connect(), { name: "DUO", subjects: ["duo.>"] });
});
afterAll(async () => {
  await Promise.all(pools.map((pool) => pool.end()));
  await fx?.cleanup();
});

/** Which replicas each event was delivered to, in order. */
const deliveries = new Map<string, string[]>();

async function startReplica(
  name: string,
  hold: (event: EventEnvelope) => Promise<void> | undefined,
  failFirst: Set<string>,
): Promise<{ bus: Bus; consumer: Consumer }> {
  const pool = createPool({ url: fx.infra.databaseUrl, schema: SCHEMA, applicationName: name, max: 3 });
  pools.push(pool);
  const bus = await fx.connect();
  const consumer = startConsumer({
    bus,
    pool,
    logger: fx.logger,
    stream: "DUO",
    durable: "duo-effects",
    eventTypes: [TYPE],
    ackWaitMs: ACK_WAIT_MS,
    backoffMs: [100],
    maxDeliver: 10,
    // A held message then occupies one worker: the replica goes on with the others meanwhile.
    concurrency: 4,
    handle: async (event, client) => {
      const seen = [...(deliveries.get(event.id) ?? []), name];
      deliveries.set(event.id, seen);
      await hold(event);
      // Not matched yet on its first two deliveries, whichever replica had them: retried with backoff.
      if (failFirst.has(event.id) && seen.length <= 2) throw new Error("not matched yet");
      await applyEffect(client, event.id);
    },
  });
  return { bus, consumer };
}

describe("two replicas of a consumer", () => {
  it("apply every event once; a held message reaches the other replica only after its replica dies", async () => {
    const publisher = await fx.connect();
    const doomed = newEvent(TYPE, "duo", { doomed: true });
    const events = Array.from({ length: 30 }, (_, i) => newEvent(TYPE, "duo", { i }));
    const late = new Set(events.filter((_, i) => i % 6 === 0).map((e) => e.id));
    let release: () => void = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    const a = await startReplica("consumer-a", (e) => (e.id === doomed.id ? released : undefined), late);
    await publishRaw(publisher, TYPE, JSON.stringify(doomed), doomed.id);
    await waitFor(() => (deliveries.get(doomed.id) ? true : undefined), { what: "replica a holding it" });

    const b = await startReplica("consumer-b", () => undefined, late);
    try {
      for (const e of events) await publishRaw(publisher, TYPE, JSON.stringify(e), e.id);
      await waitFor(
        async () =>
          (await Promise.all(events.map((e) => effectCount(fx.pool, e.id)))).every((n) => n === 1)
            ? true
            : undefined,
        {
          what: "every other event applied",
          timeoutMs: 20_000,
        },
      );
      // Replica a works on its message for three ack deadlines: only its heartbeats keep it from b.
      await new Promise((resolve) => setTimeout(resolve, ACK_WAIT_MS * 3));
      expect(deliveries.get(doomed.id)).toEqual(["consumer-a"]);
      // Nor did the server take it back meanwhile (to give it to b or to a again).
      const info = await publisher.jsm.consumers.info(publisher.streamName("DUO"), b.consumer.durable);
      expect(info.num_redelivered).toBe(0);

      // Replica a dies: its NATS connection and its database sessions go.
      await a.bus.nc.close();
      await fx.pool.query(
        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND application_name = 'consumer-a'",
      );
      release();
      await waitFor(async () => ((await effectCount(fx.pool, doomed.id)) === 1 ? true : undefined), {
        what: "replica b applying the dead replica's message",
        timeoutMs: 10_000,
      });
      expect(deliveries.get(doomed.id)).toEqual(["consumer-a", "consumer-b"]);
      for (const e of [...events, doomed]) expect(await effectCount(fx.pool, e.id)).toBe(1);
      for (const id of late) expect(deliveries.get(id)).toHaveLength(3);
      expect(a.consumer.stats().handled + b.consumer.stats().handled).toBe(events.length + 1);
    } finally {
      release();
      await b.consumer.stop();
      await a.consumer.stop().catch(() => {});
    }
  });
});

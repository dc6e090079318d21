import { waitFor } from "@mp/testing";
import { AckPolicy } from "@nats-io/jetstream";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Bus } from "./connection";
import { type Consumer, startConsumer } from "./consumer";
import { type EventEnvelope, newEvent } from "./envelope";
import { resetConsumer } from "./replay";
import { ensureStream } from "./streams";
import { applyEffect, type BusFixture, busFixture, effectCount, publishRaw } from "./test-fixture";

let fx: BusFixture;
let bus: Bus;
const running: Consumer[] = [];

const CREATED = "ship.parcel.created.v1";
const LABELLED = "ship.parcel.labelled.v1";
const CANCELLED = "ship.parcel.cancelled.v1";

beforeAll(async () => {
  fx = await busFixture("bus_versions");
  bus = await fx.connect();
  await ensureStream(bus, { name: "SHIP", subjects: ["ship.>"] });
});
afterEach(async () => {
  await Promise.all(running.splice(0).map((c) => c.stop()));
});
afterAll(async () => {
  await fx?.cleanup();
});

interface Seen {
  by: string;
  event: EventEnvelope;
}

/** One release of the `shipping` consumer: same logical name, its own set of event types. */
function release(
  by: string,
  eventTypes: string[],
  seen: Seen[],
  extra: { inactiveThresholdMs?: number } = {},
): Consumer {
  const consumer = startConsumer({
    bus,
    pool: fx.pool,
    logger: fx.logger,
    stream: "SHIP",
    durable: "shipping",
    eventTypes,
    ...extra,
    handle: async (event, client) => {
      seen.push({ by, event });
      await applyEffect(client, event.id);
    },
  });
  running.push(consumer);
  return consumer;
}

async function publish(type: string): Promise<EventEnvelope> {
  const event = newEvent(type, "ship", { parcel: Math.random() });
  await publishRaw(bus, type, JSON.stringify(event), event.id);
  return event;
}

async function settled(durable: string): Promise<true | undefined> {
  const info = await bus.jsm.consumers.info(bus.streamName("SHIP"), durable);
  return info.num_pending === 0 && info.num_ack_pending === 0 ? true : undefined;
}

describe("two releases of one consumer side by side", () => {
  it("lose nothing: the newer release gets every event of its new type, also those the older one acked", async () => {
    const seen: Seen[] = [];
    // The older release handles two types, so on nats-server 2.9 its durable has no server-side filter
    // and it acks the `labelled` events it does not handle.
    const old = release("old", [CREATED, CANCELLED], seen, { inactiveThresholdMs: 2_000 });
    const early = [
      await publish(CREATED),
      await publish(LABELLED),
      await publish(CANCELLED),
      await publish(LABELLED),
    ];
    await waitFor(() => settled(old.durable), { what: "the old release to ack everything" });
    expect(seen.map((s) => s.event.type)).toEqual([CREATED, CANCELLED]);

    // The newer release (rolling deploy: both run) also handles `labelled`.
    const next = release("new", [CREATED, LABELLED, CANCELLED], seen);
    expect(next.durable).not.toBe(old.durable);
    const late = [
      await publish(LABELLED),
      await publish(CREATED),
      await publish(CANCELLED),
      await publish(LABELLED),
    ];
    const all = [...early, ...late];
    const labelled = all.filter((e) => e.type === LABELLED).map((e) => e.id);

    await waitFor(
      () => {
        const byNew = seen.filter((s) => s.by === "new" && s.event.type === LABELLED).map((s) => s.event.id);
        return labelled.every((id) => byNew.includes(id)) ? true : undefined;
      },
      { what: "every labelled event at the new release", timeoutMs: 20_000 },
    );
    await waitFor(() => settled(next.durable), { what: "the new release to settle" });
    await waitFor(() => settled(old.durable), { what: "the old release to settle" });
    // Each event took effect exactly once, whichever release handled it; the old one never saw `labelled`.
    for (const event of all) expect(await effectCount(fx.pool, event.id)).toBe(1);
    expect(seen.filter((s) => s.by === "old" && s.event.type === LABELLED)).toEqual([]);
    expect(seen).toHaveLength(all.length);

    // Retired with its release, the old durable is deleted by the server once inactive.
    await old.stop();
    await waitFor(
      async () => {
        try {
          await bus.jsm.consumers.info(bus.streamName("SHIP"), old.durable);
          return undefined;
        } catch (error) {
          return /not found/i.test(String(error)) ? true : undefined;
        }
      },
      { what: "the old durable to expire", timeoutMs: 20_000 },
    );
    await bus.jsm.consumers.info(bus.streamName("SHIP"), next.durable);
  });

  it("re-reads the stream after a reset; the inbox skips what was applied unless told to forget it", async () => {
    const seen: Seen[] = [];
    const types = [CREATED, LABELLED, CANCELLED];
    const consumer = release("replayer", types, seen);
    await waitFor(() => settled(consumer.durable), { what: "the consumer to catch up" });
    const total = (await bus.jsm.streams.info(bus.streamName("SHIP"))).state.messages;
    const before = consumer.stats();

    expect(await resetConsumer(bus, "shipping")).toEqual([`${bus.streamName("SHIP")}/${consumer.durable}`]);
    await waitFor(() => (consumer.stats().duplicates - before.duplicates === total ? true : undefined), {
      what: "the whole stream re-read as duplicates",
    });
    expect(consumer.stats().handled).toBe(before.handled);

    await resetConsumer(bus, "shipping", { db: fx.pool, forgetInbox: true });
    await waitFor(() => (consumer.stats().handled - before.handled === total ? true : undefined), {
      what: "the whole stream handled again",
    });
    expect(new Set(seen.map((s) => s.event.id)).size).toBe(total);
  });

  it("gives a durable named the old way (logical name only) an inactivity threshold, so it expires", async () => {
    const stream = bus.streamName("SHIP");
    await bus.jsm.consumers.add(stream, {
      durable_name: "legacy",
      ack_policy: AckPolicy.Explicit,
      filter_subject: bus.subject(CREATED),
    });
    const seen: Seen[] = [];
    const consumer = startConsumer({
      bus,
      pool: fx.pool,
      logger: fx.logger,
      stream: "SHIP",
      durable: "legacy",
      eventTypes: [CREATED],
      inactiveThresholdMs: 1_500,
      handle: async (event) => {
        seen.push({ by: "legacy", event });
      },
    });
    running.push(consumer);
    expect(consumer.durable).not.toBe("legacy");
    await waitFor(
      async () => {
        try {
          await bus.jsm.consumers.info(stream, "legacy");
          return undefined;
        } catch (error) {
          return /not found/i.test(String(error)) ? true : undefined;
        }
      },
      { what: "the legacy durable to expire", timeoutMs: 20_000 },
    );
    await bus.jsm.consumers.info(stream, consumer.durable);
  });
});

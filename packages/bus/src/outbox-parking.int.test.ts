import { withTransaction } from "@mp/db";
import { waitFor } from "@mp/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Bus } from "./connection";
import { type EventEnvelope, newEvent } from "./envelope";
import { appendToOutbox, EventTooLargeError } from "./outbox";
import { listParked, unpark } from "./outbox-admin";
import { startOutboxRelay } from "./outbox-relay";
import { ensureStream } from "./streams";
import { type BusFixture, busFixture, readStream } from "./test-fixture";

let fx: BusFixture;
let bus: Bus;

beforeAll(async () => {
  fx = await busFixture("bus_parking");
  bus = await fx.connect();
});
afterAll(async () => {
  await fx?.cleanup();
});

interface RowState {
  attempts: number;
  sent: boolean;
  parked: boolean;
  last_error: string | null;
}

async function rowState(eventId: string): Promise<RowState | undefined> {
  const { rows } = await fx.pool.query<RowState>(
    `SELECT attempts, sent_at IS NOT NULL AS sent, parked_at IS NOT NULL AS parked, last_error
     FROM outbox WHERE event_id = $1`,
    [eventId],
  );
  return rows[0];
}

async function append(events: EventEnvelope[], options: { maxBytes?: number } = {}): Promise<void> {
  await withTransaction(fx.pool, async (client) => {
    for (const event of events) await appendToOutbox(client, event, options);
  });
}

describe("poison outbox rows", () => {
  it("parks a row whose subject has no stream after N attempts, and the rows behind it flow", async () => {
    await ensureStream(bus, { name: "PARK", subjects: ["park.>"] });
    const before = newEvent("park.a.v1", "park", { n: 1 });
    const poison = newEvent("nowhere.a.v1", "park", { n: 2 });
    const after = [newEvent("park.b.v1", "park", { n: 3 }), newEvent("park.c.v1", "park", { n: 4 })];
    await append([before, poison, ...after]);

    const relay = startOutboxRelay({
      pool: fx.pool,
      bus,
      logger: fx.logger,
      pollIntervalMs: 20,
      maxAttempts: 3,
      parkAfterMs: 0,
    });
    try {
      await waitFor(async () => ((await rowState(poison.id))?.parked ? true : undefined), {
        what: "the poison row parked",
      });
      // Rows written after the parking flow too.
      after.push(newEvent("park.d.v1", "park", { n: 5 }));
      await append([after[2]!]);
      await waitFor(async () => ((await rowState(after[2]!.id))?.sent ? true : undefined), {
        what: "a later row sent",
      });
    } finally {
      await relay.stop();
    }
    for (const e of [before, ...after]) expect((await rowState(e.id))?.sent).toBe(true);
    expect(await rowState(poison.id)).toMatchObject({ attempts: 3, sent: false, parked: true });
    expect((await rowState(poison.id))?.last_error).toMatch(/./);
    expect((await readStream(bus, "PARK")).map((e) => e.msgId)).toEqual([before, ...after].map((e) => e.id));
    expect(fx.logs.some((l) => l.level === "error" && l.msg.includes("parked"))).toBe(true);

    // The cause fixed (a stream for the subject), unparking publishes it.
    const parked = await listParked(fx.pool);
    expect(parked.map((p) => [p.eventId, p.eventType, p.attempts])).toEqual([[poison.id, poison.type, 3]]);
    await ensureStream(bus, { name: "NOWHERE", subjects: ["nowhere.>"] });
    expect(await unpark(fx.pool, [parked[0]!.seq])).toBe(1);
    const again = startOutboxRelay({
      pool: fx.pool,
      bus,
      logger: fx.logger,
      pollIntervalMs: 20,
      maxAttempts: 3,
      parkAfterMs: 0,
    });
    try {
      await waitFor(async () => ((await rowState(poison.id))?.sent ? true : undefined), {
        what: "the unparked row to be sent",
      });
    } finally {
      await again.stop();
    }
    expect((await readStream(bus, "NOWHERE")).map((e) => e.msgId)).toEqual([poison.id]);
    expect(await listParked(fx.pool)).toEqual([]);
  });

  it("parks nothing while its failures are younger than parkAfterMs: a stream that comes back takes the row", async () => {
    // A node whose JetStream is still starting answers a publish like a subject without a stream: "not
    // enabled". Past maxAttempts but within parkAfterMs the row keeps being retried, and once its stream
    // answers again it is published, once.
    const early = newEvent("later.a.v1", "park", { n: 1 });
    await append([early]);
    const relay = startOutboxRelay({
      pool: fx.pool,
      bus,
      logger: fx.logger,
      pollIntervalMs: 20,
      maxAttempts: 2,
      parkAfterMs: 60_000,
    });
    try {
      await waitFor(async () => (((await rowState(early.id))?.attempts ?? 0) >= 4 ? true : undefined), {
        what: "the row failing past maxAttempts",
      });
      expect(await rowState(early.id)).toMatchObject({ sent: false, parked: false });
      await ensureStream(bus, { name: "LATER", subjects: ["later.>"] });
      await waitFor(async () => ((await rowState(early.id))?.sent ? true : undefined), {
        what: "the row sent once its stream answers",
      });
    } finally {
      await relay.stop();
    }
    expect((await rowState(early.id))?.parked).toBe(false);
    expect((await readStream(bus, "LATER")).map((e) => e.msgId)).toEqual([early.id]);
  });

  it("refuses an oversized event when it is written, and parks one that got past the check", async () => {
    await ensureStream(bus, { name: "BIG", subjects: ["big.>"] });
    const huge = newEvent("big.blob.v1", "big", { blob: "x".repeat(1_100_000) });
    await expect(append([huge])).rejects.toBeInstanceOf(EventTooLargeError);
    await expect(append([huge], { maxBytes: 1_000 })).rejects.toThrow(/over the 1000-byte limit/);
    expect(await rowState(huge.id)).toBeUndefined();

    // Written behind the check (a larger limit than the server's max_payload): parked, and later rows go on.
    const next = newEvent("big.small.v1", "big", { n: 1 });
    await append([huge], { maxBytes: 10_000_000 });
    await append([next]);
    const relay = startOutboxRelay({
      pool: fx.pool,
      bus,
      logger: fx.logger,
      pollIntervalMs: 20,
      maxAttempts: 2,
      parkAfterMs: 0,
    });
    try {
      await waitFor(async () => ((await rowState(huge.id))?.parked ? true : undefined), {
        what: "the oversized row parked",
      });
    } finally {
      await relay.stop();
    }
    expect(await rowState(huge.id)).toMatchObject({ attempts: 2, sent: false, parked: true });
    expect((await rowState(huge.id))?.last_error).toMatch(/max_payload/);
    expect(await rowState(next.id)).toMatchObject({ sent: true, attempts: 0 });
    expect((await readStream(bus, "BIG")).map((e) => e.msgId)).toEqual([next.id]);
  });

  it("retries a row failing in the middle of a batch without holding back the rest, once each, in order per stream", async () => {
    await ensureStream(bus, { name: "MID", subjects: ["mid.>"] });
    const events = Array.from({ length: 9 }, (_, i) =>
      i === 4 ? newEvent("midlate.x.v1", "mid", { i }) : newEvent("mid.x.v1", "mid", { i }),
    );
    await append(events);
    const published: string[] = [];
    const relay = startOutboxRelay({
      pool: fx.pool,
      bus,
      logger: fx.logger,
      pollIntervalMs: 20,
      batchSize: 100,
      maxAttempts: 50,
      parkAfterMs: 0,
      afterPublish: (e) => {
        published.push(e.id);
      },
    });
    try {
      // The fifth row fails (its stream does not exist yet) and is retried; the others are sent meanwhile.
      const failed = await waitFor(async () => {
        const state = await rowState(events[4]!.id);
        return state && state.attempts >= 2 ? state : undefined;
      });
      expect(failed).toMatchObject({ sent: false, parked: false });
      for (const [i, e] of events.entries()) if (i !== 4) expect((await rowState(e.id))?.sent).toBe(true);

      await ensureStream(bus, { name: "MIDLATE", subjects: ["midlate.>"] });
      await waitFor(async () => ((await rowState(events[4]!.id))?.sent ? true : undefined), {
        what: "the failed row sent once its stream exists",
      });
    } finally {
      await relay.stop();
    }
    expect(published.sort()).toEqual(events.map((e) => e.id).sort());
    expect((await readStream(bus, "MID")).map((e) => e.msgId)).toEqual(
      events.filter((_, i) => i !== 4).map((e) => e.id),
    );
    expect((await readStream(bus, "MIDLATE")).map((e) => e.msgId)).toEqual([events[4]!.id]);
  });
});

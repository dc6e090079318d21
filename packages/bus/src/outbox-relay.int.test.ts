import { createPool, withTransaction } from "@mp/db";
import { waitFor } from "@mp/testing";
import { countStatements } from "@mp/testing/write-cost";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Bus } from "./connection";
import { type EventEnvelope, newEvent } from "./envelope";
import { appendToOutbox, writeWithOutbox } from "./outbox";
import { CLAIM_SETTINGS, claimSelect } from "./outbox-batch";
import { listenForOutbox } from "./outbox-listener";
import { startOutboxRelay } from "./outbox-relay";
import { ensureStream } from "./streams";
import { type BusFixture, busFixture, readStream, SCHEMA } from "./test-fixture";

let fx: BusFixture;
let bus: Bus;

beforeAll(async () => {
  fx = await busFixture("bus_relay");
  bus = await fx.connect();
});
afterAll(async () => {
  await fx?.cleanup();
});

async function sentAt(eventId: string): Promise<Date | null | undefined> {
  const { rows } = await fx.pool.query<{ sent_at: Date | null }>(
    "SELECT sent_at FROM outbox WHERE event_id = $1",
    [eventId],
  );
  return rows[0]?.sent_at;
}

describe("outbox relay", () => {
  it("republishes after a crash between publish and mark-sent, and JetStream drops the duplicate", async () => {
    await ensureStream(bus, { name: "CRASH", subjects: ["crash.>"] });
    const published: EventEnvelope[] = [];
    const crashing = startOutboxRelay({
      pool: fx.pool,
      bus,
      logger: fx.logger,
      afterPublish: (e) => {
        published.push(e);
        throw new Error("simulated crash after publish");
      },
    });
    const event = newEvent("crash.thing.happened.v1", "crash", { n: 1 });
    await withTransaction(fx.pool, (client) => appendToOutbox(client, event));
    await waitFor(() => (published.length > 0 ? true : undefined), { what: "the first publish" });
    await crashing.stop();

    expect(await sentAt(event.id)).toBeNull();
    expect((await readStream(bus, "CRASH")).map((e) => e.msgId)).toEqual([event.id]);

    const relay = startOutboxRelay({ pool: fx.pool, bus, logger: fx.logger });
    try {
      await waitFor(async () => ((await sentAt(event.id)) ? true : undefined), {
        what: "the row marked sent",
      });
    } finally {
      await relay.stop();
    }
    const entries = await readStream(bus, "CRASH");
    expect(entries.map((e) => e.msgId)).toEqual([event.id]);
    expect(entries[0]?.event).toEqual(event);
  });

  it("publishes the events of one transaction in insertion order and never those rolled back", async () => {
    await ensureStream(bus, { name: "ORDER", subjects: ["order.>"] });
    const relay = startOutboxRelay({ pool: fx.pool, bus, logger: fx.logger, batchSize: 2 });
    try {
      const committed = [1, 2, 3, 4, 5].map((n) => newEvent(`order.step.v${n}`, "order", { n }));
      const rolledBack = [
        newEvent("order.ghost.v1", "order", { ghost: 1 }),
        newEvent("order.ghost.v1", "order", {}),
      ];
      const later = newEvent("order.after.v1", "order", { after: true });

      await withTransaction(fx.pool, async (client) => {
        for (const event of committed) await appendToOutbox(client, event);
      });
      await expect(
        withTransaction(fx.pool, async (client) => {
          for (const event of rolledBack) await appendToOutbox(client, event);
          throw new Error("business rule failed");
        }),
      ).rejects.toThrow("business rule failed");
      await withTransaction(fx.pool, (client) => appendToOutbox(client, later));

      const entries = await waitFor(
        async () => {
          const all = await readStream(bus, "ORDER");
          return all.length >= 6 ? all : undefined;
        },
        { what: "six events on the stream" },
      );
      expect(entries.map((e) => e.msgId)).toEqual([...committed, later].map((e) => e.id));
      expect(entries.map((e) => e.subject)).toEqual([...committed, later].map((e) => bus.subject(e.type)));
      const { rows } = await fx.pool.query(
        "SELECT count(*)::int AS n FROM outbox WHERE event_type = 'order.ghost.v1'",
      );
      expect(rows[0].n).toBe(0);
      expect(await relay.flush()).toBe(0);
    } finally {
      await relay.stop();
    }
  });

  it("flush publishes what is pending and reports how many", async () => {
    await ensureStream(bus, { name: "FLUSH", subjects: ["flush.>"] });
    // Stopped before the commit: neither its loop nor a notification can publish, only flush().
    const relay = startOutboxRelay({ pool: fx.pool, bus, logger: fx.logger });
    await relay.stop();
    const events = [newEvent("flush.a.v1", "flush", {}), newEvent("flush.b.v1", "flush", {})];
    await withTransaction(fx.pool, async (client) => {
      for (const event of events) await appendToOutbox(client, event);
    });
    expect(await relay.flush()).toBe(events.length);
    expect(await relay.flush()).toBe(0);
    expect((await readStream(bus, "FLUSH")).map((e) => e.msgId)).toEqual(events.map((e) => e.id));
  });

  it("prunes sent rows past their window on its own, and keeps unsent ones", async () => {
    await ensureStream(bus, { name: "PRUNE", subjects: ["prune.>"] });
    const sent = newEvent("prune.sent.v1", "prune", {});
    const stuck = newEvent("prunenowhere.x.v1", "prune", {});
    await withTransaction(fx.pool, (client) => appendToOutbox(client, sent));
    await fx.pool.query(
      "INSERT INTO outbox (event_id, event_type, payload, parked_at) VALUES ($1, $2, $3, now())",
      [stuck.id, stuck.type, JSON.stringify(stuck)],
    );
    const relay = startOutboxRelay({
      pool: fx.pool,
      bus,
      logger: fx.logger,
      retention: { outboxMs: 1 },
      pruneIntervalMs: 50,
    });
    try {
      await waitFor(async () => ((await sentAt(sent.id)) === undefined ? true : undefined), {
        what: "the sent row pruned",
      });
    } finally {
      await relay.stop();
    }
    expect((await readStream(bus, "PRUNE")).map((e) => e.msgId)).toEqual([sent.id]);
    expect(await sentAt(stuck.id)).toBeNull();
  });

  it("writeWithOutbox commits a one-statement write and its events together, or neither, and wakes the relay", async () => {
    await ensureStream(bus, { name: "WRITE", subjects: ["write.>"] });
    await fx.pool.query("CREATE TABLE IF NOT EXISTS written_thing (id int PRIMARY KEY, name text NOT NULL)");
    const relay = startOutboxRelay({ pool: fx.pool, bus, logger: fx.logger, pollIntervalMs: 60_000 });
    try {
      const kept = [
        newEvent("write.kept.v1", "write", { n: 1 }),
        newEvent("write.kept.v1", "write", { n: 2 }),
      ];
      await writeWithOutbox(
        fx.pool,
        { text: "INSERT INTO written_thing (id, name) VALUES ($1, $2)", values: [1, "kept"] },
        kept,
      );
      // The same key again: the write fails, so its event is not stored either.
      const lost = newEvent("write.lost.v1", "write", {});
      await expect(
        writeWithOutbox(
          fx.pool,
          { text: "INSERT INTO written_thing (id, name) VALUES ($1, $2)", values: [1, "again"] },
          lost,
        ),
      ).rejects.toThrow(/duplicate key/);
      // Published on the commit's notification: the poll is a minute away.
      const entries = await waitFor(
        async () => {
          const all = await readStream(bus, "WRITE");
          return all.length >= 2 ? all : undefined;
        },
        { what: "the two events on the stream" },
      );
      expect(entries.map((e) => e.msgId)).toEqual(kept.map((e) => e.id));
      const { rows } = await fx.pool.query("SELECT name FROM written_thing");
      expect(rows).toEqual([{ name: "kept" }]);
      expect(await sentAt(lost.id)).toBeUndefined();
    } finally {
      await relay.stop();
    }
  });

  it("claims through the unsent rows' partial index, never a bitmap or sequential scan, before any statistics", async () => {
    // The fixture's outbox has never been analysed; rows sent since the last vacuum leave dead entries in
    // outbox_unsent, which only a plain index scan marks dead for the next pass to skip.
    await fx.pool.query(
      `INSERT INTO outbox (event_id, event_type, payload, sent_at)
       SELECT gen_random_uuid(), 'plan.test.v1', '{}', now() FROM generate_series(1, 2000)`,
    );
    const plan = await withTransaction(fx.pool, async (client) => {
      await client.query(CLAIM_SETTINGS);
      const { rows } = await client.query<{ "QUERY PLAN": string }>(`EXPLAIN ${claimSelect(100)}`);
      return rows.map((row) => row["QUERY PLAN"]).join("\n");
    });
    expect(plan).toContain("Index Scan using outbox_unsent on outbox");
    expect(plan).not.toMatch(/Bitmap|Seq Scan/);
  });

  it("with gatherMs, commits that follow a pass closely wait for the next pass and go out together", async () => {
    await ensureStream(bus, { name: "GATHER", subjects: ["gather.>"] });
    const kinds = new Map<string, number>();
    countStatements(fx.pool, kinds);
    const passes = () =>
      [...kinds].filter(([kind]) => kind.startsWith("BEGIN;")).reduce((n, [, c]) => n + c, 0);
    const relay = startOutboxRelay({
      pool: fx.pool,
      bus,
      logger: fx.logger,
      gatherMs: 600,
      pollIntervalMs: 60_000,
    });
    try {
      const first = newEvent("gather.thing.happened.v1", "gather", { n: 0 });
      await withTransaction(fx.pool, (client) => appendToOutbox(client, first));
      await waitFor(async () => ((await sentAt(first.id)) ? true : undefined), {
        what: "the first row sent",
      });
      const before = passes();
      const started = performance.now();
      const events = [1, 2, 3, 4, 5].map((n) => newEvent("gather.thing.happened.v1", "gather", { n }));
      for (const event of events) {
        await withTransaction(fx.pool, (client) => appendToOutbox(client, event));
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await waitFor(async () => ((await sentAt((events.at(-1) as EventEnvelope).id)) ? true : undefined), {
        what: "the last row sent",
      });
      // Five commits 20 ms apart, each notifying: one pass (two if the first pass was still running).
      expect(passes() - before).toBeLessThanOrEqual(2);
      expect(performance.now() - started).toBeLessThan(5_000);
      const sent = await Promise.all(events.map((e) => sentAt(e.id)));
      expect(sent.every((at) => at instanceof Date)).toBe(true);
    } finally {
      await relay.stop();
    }
  });

  it("writeWithOutbox with onlyIfWritten appends the events only when the write returned a row", async () => {
    await ensureStream(bus, { name: "ONCE", subjects: ["once.>"] });
    await fx.pool.query("CREATE TABLE IF NOT EXISTS once_thing (id int PRIMARY KEY, name text NOT NULL)");
    const insertOnce = (name: string) => ({
      text: "INSERT INTO once_thing (id, name) VALUES ($1, $2) ON CONFLICT (id) DO NOTHING RETURNING 1",
      values: [1, name],
    });
    const stored = async (id: string) =>
      (await fx.pool.query("SELECT 1 FROM outbox WHERE event_id = $1", [id])).rowCount;
    const other = createPool({ url: fx.infra.databaseUrl, schema: SCHEMA });
    const relay = startOutboxRelay({ pool: fx.pool, bus, logger: fx.logger, pollIntervalMs: 60_000 });
    try {
      // Both forms of the statement: with a relay of this process woken directly (fx.pool), and with the
      // NOTIFY (a pool no relay of this process watches).
      const first = newEvent("once.thing.created.v1", "once", { n: 1 });
      expect(await writeWithOutbox(fx.pool, insertOnce("first"), first, { onlyIfWritten: true })).toBe(true);
      const repeat = newEvent("once.thing.created.v1", "once", { n: 2 });
      expect(await writeWithOutbox(fx.pool, insertOnce("repeat"), repeat, { onlyIfWritten: true })).toBe(
        false,
      );
      const notifying = newEvent("once.thing.created.v1", "once", { n: 3 });
      expect(await writeWithOutbox(other, insertOnce("again"), notifying, { onlyIfWritten: true })).toBe(
        false,
      );
      expect(await stored(first.id)).toBe(1);
      expect(await stored(repeat.id)).toBe(0);
      expect(await stored(notifying.id)).toBe(0);
      expect((await fx.pool.query("SELECT name FROM once_thing")).rows).toEqual([{ name: "first" }]);
      // Without the option the events go with any write, as before.
      const unconditional = newEvent("once.thing.created.v1", "once", { n: 4 });
      expect(await writeWithOutbox(other, insertOnce("ignored"), unconditional)).toBe(true);
      expect(await stored(unconditional.id)).toBe(1);
      // Both sent before the relay stops: no row of this test is left for another test's relay.
      for (const event of [first, unconditional])
        await waitFor(async () => ((await sentAt(event.id)) ? true : undefined), { what: "the row sent" });
    } finally {
      await relay.stop();
      await other.end();
    }
  });

  it("writeWithOutbox wakes a relay of its pool in-process, without a NOTIFY; without one, it notifies", async () => {
    await ensureStream(bus, { name: "LOCAL", subjects: ["local.>"] });
    await fx.pool.query("CREATE TABLE IF NOT EXISTS local_thing (id int PRIMARY KEY)");
    const payloads: string[] = [];
    const listener = listenForOutbox(fx.pool, fx.logger, (payload) => {
      if (payload !== undefined) payloads.push(payload);
    });
    const relay = startOutboxRelay({ pool: fx.pool, bus, logger: fx.logger, pollIntervalMs: 60_000 });
    const other = createPool({ url: fx.infra.databaseUrl, schema: SCHEMA });
    try {
      const events = [1, 2, 3].map((n) => newEvent("local.thing.happened.v1", "local", { n }));
      for (const [i, event] of events.entries())
        await writeWithOutbox(
          fx.pool,
          { text: "INSERT INTO local_thing (id) VALUES ($1)", values: [i] },
          event,
        );
      // Published at once although the poll is a minute away, and nobody was notified.
      await waitFor(async () => ((await readStream(bus, "LOCAL")).length >= 3 ? true : undefined), {
        what: "the three events on the stream",
      });
      expect(payloads).toEqual([]);
      // A pool no relay of this process watches notifies as before.
      const notified = newEvent("local.thing.happened.v1", "local", { n: 4 });
      await writeWithOutbox(
        other,
        { text: "INSERT INTO local_thing (id) VALUES ($1)", values: [4] },
        notified,
      );
      await waitFor(() => (payloads.length > 0 ? true : undefined), { what: "the NOTIFY" });
      expect(payloads).toEqual([""]);
      await waitFor(async () => ((await sentAt(notified.id)) ? true : undefined), { what: "the row sent" });
    } finally {
      await relay.stop();
      await listener.stop();
      await other.end();
    }
  });

  it("a locally woken relay that finds another replica's relay holding the lock notifies it", async () => {
    await ensureStream(bus, { name: "HANDOFF", subjects: ["handoff.>"] });
    await fx.pool.query("CREATE TABLE IF NOT EXISTS handoff_thing (id int PRIMARY KEY)");
    const otherPool = createPool({ url: fx.infra.databaseUrl, schema: SCHEMA });
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const publishedBy: Array<{ relay: string; id: string }> = [];
    // The other replica: held inside its first pass (the lock taken) until the gate opens.
    const holder = startOutboxRelay({
      pool: otherPool,
      bus,
      logger: fx.logger,
      pollIntervalMs: 60_000,
      afterPublish: async (e) => {
        publishedBy.push({ relay: "holder", id: e.id });
        await gate;
      },
    });
    let local: ReturnType<typeof startOutboxRelay> | undefined;
    try {
      // Past the holder's first passes (one at start, one when its LISTEN is in place): idle, no wake kept.
      await new Promise((resolve) => setTimeout(resolve, 300));
      const first = newEvent("handoff.thing.happened.v1", "handoff", { n: 1 });
      await withTransaction(otherPool, (client) => appendToOutbox(client, first));
      await waitFor(() => (publishedBy.length > 0 ? true : undefined), { what: "the holder's pass" });
      local = startOutboxRelay({
        pool: fx.pool,
        bus,
        logger: fx.logger,
        pollIntervalMs: 60_000,
        afterPublish: (e) => void publishedBy.push({ relay: "local", id: e.id }),
      });
      const second = newEvent("handoff.thing.happened.v1", "handoff", { n: 2 });
      await writeWithOutbox(
        fx.pool,
        { text: "INSERT INTO handoff_thing (id) VALUES ($1)", values: [2] },
        second,
      );
      // Let the local relay's pass find the lock taken and notify before the holder's pass ends.
      await new Promise((resolve) => setTimeout(resolve, 300));
      release();
      await waitFor(async () => ((await sentAt(second.id)) ? true : undefined), {
        what: "the second row sent by the holder, woken by the local relay's notification",
        timeoutMs: 5_000,
      });
      expect(publishedBy).toEqual([
        { relay: "holder", id: first.id },
        { relay: "holder", id: second.id },
      ]);
    } finally {
      release();
      await local?.stop();
      await holder.stop();
      await otherPool.end();
    }
  });

  it("a commit during a pass chains the next pass: mark-sent, commit and the next claim in one round trip", async () => {
    await ensureStream(bus, { name: "CHAIN", subjects: ["chain.>"] });
    await fx.pool.query("CREATE TABLE IF NOT EXISTS chain_thing (id int PRIMARY KEY)");
    const kinds = new Map<string, number>();
    countStatements(fx.pool, kinds);
    const count = (prefix: string) =>
      [...kinds].filter(([kind]) => kind.startsWith(prefix)).reduce((n, [, c]) => n + c, 0);
    const first = newEvent("chain.thing.happened.v1", "chain", { n: 1 });
    const second = newEvent("chain.thing.happened.v1", "chain", { n: 2 });
    const write = (id: number, event: EventEnvelope) =>
      writeWithOutbox(fx.pool, { text: "INSERT INTO chain_thing (id) VALUES ($1)", values: [id] }, event);
    const relay = startOutboxRelay({
      pool: fx.pool,
      bus,
      logger: fx.logger,
      pollIntervalMs: 60_000,
      // The second commit lands while the pass publishing the first is under way.
      afterPublish: async (e) => {
        if (e.id === first.id) await write(2, second);
      },
    });
    try {
      // Past the relay's first passes (at start, and once its LISTEN is in place).
      await new Promise((resolve) => setTimeout(resolve, 300));
      const claims = count("BEGIN;");
      const markSent = count("UPDATE outbox SET sent_at");
      await write(1, first);
      await waitFor(async () => ((await sentAt(second.id)) ? true : undefined), {
        what: "the second row sent without waiting for the poll",
      });
      expect(await sentAt(first.id)).toBeInstanceOf(Date);
      // One transaction opened on its own (the first claim); the second claim went with the first
      // mark-sent, and the second mark-sent ended the chain.
      expect(count("BEGIN;") - claims).toBe(1);
      expect(count("UPDATE outbox SET sent_at") - markSent).toBe(2);
    } finally {
      await relay.stop();
    }
  });
});

import { waitFor } from "@mp/testing";
import { countStatements } from "@mp/testing/write-cost";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { batchApplier, drainInBatches, projectionApplier } from "./batch-equivalence";
import type { Bus } from "./connection";
import { type Consumer, startConsumer } from "./consumer";
import { type EventEnvelope, newEvent } from "./envelope";
import type { Projection } from "./projection";
import { ensureStream } from "./streams";
import { type BusFixture, busFixture, publishRaw } from "./test-fixture";
import { applyIfNewer } from "./version-guard";

// A projecting consumer (`project` instead of `handle`) writes a batch's inbox and projection rows with
// one statement. Applied in batches, with duplicates, older versions, equal versions and a poison event
// among them, it must leave what a handler applying each event alone in its own transaction leaves.

interface Parcel {
  id: string;
  label: string;
  weight: number;
  sentAt: string;
  version: number;
}

const TYPE = "proj.parcel.changed.v1";
const TABLES = ["parcels_one", "parcels_batch"].map(
  (name) => `CREATE TABLE ${name} (
    id uuid PRIMARY KEY, label text NOT NULL, weight integer NOT NULL CHECK (weight >= 0),
    sent_at timestamptz NOT NULL, noted_at timestamptz NOT NULL DEFAULT now(), version integer NOT NULL)`,
);
const LOGS = ["parcel_log_one", "parcel_log_batch"].map(
  (name) => `CREATE TABLE ${name} (
    parcel_id uuid NOT NULL, version integer NOT NULL, label text NOT NULL, weight integer NOT NULL CHECK (weight >= 0),
    PRIMARY KEY (parcel_id, version))`,
);

let fx: BusFixture;
let bus: Bus;
const consumers: Consumer[] = [];

beforeAll(async () => {
  fx = await busFixture("bus_projection");
  bus = await fx.connect();
  await ensureStream(bus, { name: "PROJ", subjects: ["proj.>"] });
  for (const sql of [...TABLES, ...LOGS]) await fx.pool.query(sql);
});
afterEach(async () => {
  await Promise.all(consumers.splice(0).map((c) => c.stop()));
});
afterAll(async () => {
  await fx?.cleanup();
});

const parcelRow = ({ data }: EventEnvelope<Parcel>) => ({
  id: data.id,
  label: data.label,
  weight: data.weight,
  sent_at: data.sentAt,
  version: data.version,
});
const latest = (table: string): Projection<Parcel> => ({ table, key: ["id"], row: parcelRow });
const history = (table: string): Projection<Parcel> => ({
  table,
  key: ["parcel_id", "version"],
  onConflict: "keep",
  row: ({ data }) => ({ parcel_id: data.id, version: data.version, label: data.label, weight: data.weight }),
});

/** The reference: each event alone, its inbox row and `applyIfNewer` (or insert-unless-present). */
const handlers = {
  latest: (table: string) => async (event: EventEnvelope<Parcel>, tx: Parameters<typeof applyIfNewer>[0]) => {
    await applyIfNewer(tx, {
      table,
      key: { id: event.data.id },
      version: event.data.version,
      values: { label: event.data.label, weight: event.data.weight, sent_at: new Date(event.data.sentAt) },
    });
  },
  history:
    (table: string) => async (event: EventEnvelope<Parcel>, tx: Parameters<typeof applyIfNewer>[0]) => {
      await tx.query(
        `INSERT INTO ${table} (parcel_id, version, label, weight) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING`,
        [event.data.id, event.data.version, event.data.label, event.data.weight],
      );
    },
};

/** A small deterministic generator, so a failure can be replayed. */
function prng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1_664_525 + 1_013_904_223) >>> 0;
    return s / 2 ** 32;
  };
}

const parcelId = (n: number) => `0193a1b2-0000-7000-8000-${(0xa00 + n).toString(16).padStart(12, "0")}`;

/**
 * Events of 6 parcels, versions 1 to 5 in a shuffled order, two events of one parcel with the same version
 * (the first delivered must win), copies of earlier events (some in the same batch, some far later) and a
 * poison event whose row breaks a CHECK constraint.
 */
function parcelHistory(): { queue: EventEnvelope<Parcel>[]; poison: EventEnvelope<Parcel> } {
  const random = prng(42);
  const events: EventEnvelope<Parcel>[] = [];
  for (let p = 0; p < 6; p++)
    for (let version = 1; version <= 5; version++)
      events.push(
        newEvent<Parcel>(TYPE, "proj", {
          id: parcelId(p),
          label: `parcel ${p} v${version}`,
          weight: p * 10 + version,
          sentAt: new Date(Date.UTC(2026, 10, 1, p, version, 0, 123)).toISOString(),
          version,
        }),
      );
  for (let i = events.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [events[i], events[j]] = [events[j] as EventEnvelope<Parcel>, events[i] as EventEnvelope<Parcel>];
  }
  const twin = newEvent<Parcel>(TYPE, "proj", {
    id: parcelId(2),
    label: "parcel 2 v5 (second of that version)",
    weight: 99,
    sentAt: new Date(Date.UTC(2026, 10, 2)).toISOString(),
    version: 5,
  });
  const poison = newEvent<Parcel>(TYPE, "proj", {
    id: parcelId(7),
    label: "a parcel of negative weight",
    weight: -1,
    sentAt: new Date(Date.UTC(2026, 10, 3)).toISOString(),
    version: 1,
  });
  const queue = [...events];
  queue.splice(9, 0, twin);
  // Copies: right behind their original (one batch), and a whole batch later.
  for (const at of [3, 12, 20]) queue.splice(at + 1, 0, queue[at] as EventEnvelope<Parcel>);
  for (const at of [0, 5, 16, 25]) queue.push(queue[at] as EventEnvelope<Parcel>);
  queue.splice(4, 0, poison);
  return { queue, poison };
}

async function rows(sql: string): Promise<unknown[]> {
  return (await fx.pool.query(sql)).rows;
}

async function inboxOf(consumer: string): Promise<string[]> {
  const found = await rows(`SELECT event_id FROM inbox WHERE consumer = '${consumer}' ORDER BY event_id`);
  return found.map((row) => (row as { event_id: string }).event_id);
}

const typeOf = (durable: string) => `proj.parcel.${durable}.v1`;

/** `n` parcels at version 1 labelled after `name`. */
function consumedParcels(name: string, from: number, n: number): EventEnvelope<Parcel>[] {
  return Array.from({ length: n }, (_, i) =>
    newEvent<Parcel>(typeOf(name), "proj", {
      id: parcelId(from + i),
      label: `${name} ${String(i).padStart(2, "0")}`,
      weight: i,
      sentAt: new Date(Date.UTC(2026, 10, 6, 0, i)).toISOString(),
      version: 1,
    }),
  );
}

/** A consumer of `durable` reading the events of type `proj.parcel.<durable>.v1` alone. */
function consume(durable: string): Consumer {
  const consumer = startConsumer<Parcel>({
    bus,
    pool: fx.pool,
    logger: fx.logger,
    stream: "PROJ",
    durable,
    eventTypes: [typeOf(durable)],
    batchSize: 16,
    maxDeliver: 2,
    backoffMs: [50],
    project: latest("parcels_batch"),
  });
  consumers.push(consumer);
  return consumer;
}

async function storedParcels(name: string): Promise<unknown[]> {
  return rows(`SELECT label, weight FROM parcels_batch WHERE label LIKE '${name} %' ORDER BY label`);
}

describe("projecting consumers", () => {
  it("write in batches what a handler writes one event at a time: duplicates, older and equal versions, a poison event", async () => {
    const { queue, poison } = parcelHistory();
    const failed: Record<string, string[]> = {};
    const drain = async (
      name: string,
      size: number,
      apply: ReturnType<typeof projectionApplier<Parcel>>,
    ): Promise<number> => {
      failed[name] = [];
      return drainInBatches(fx.pool, [...queue], size, apply, async (event) => {
        failed[name]?.push(event.id);
      });
    };
    await drain("one-latest", 1, batchApplier("one-latest", handlers.latest("parcels_one"), "bus"));
    await drain("one-history", 1, batchApplier("one-history", handlers.history("parcel_log_one"), "bus"));
    const batchedLatest = await drain(
      "batch-latest",
      7,
      projectionApplier("batch-latest", latest("parcels_batch")),
    );
    const batchedHistory = await drain(
      "batch-history",
      7,
      projectionApplier("batch-history", history("parcel_log_batch")),
    );

    // The batches that did not hold the poison event committed as batches.
    expect(batchedLatest).toBeGreaterThan(queue.length / 2);
    expect(batchedHistory).toBe(batchedLatest);
    // Each failed alone exactly where the reference failed: the poison event, once.
    for (const name of Object.keys(failed)) expect(failed[name]).toEqual([poison.id]);

    const parcels = (table: string) =>
      rows(`SELECT id, label, weight, sent_at, version FROM ${table} ORDER BY id`);
    const reference = await parcels("parcels_one");
    expect(reference).toHaveLength(6);
    // Newest versions won, and of the two fives of parcel 2 the one delivered first.
    for (const row of reference as Array<{ version: number; label: string }>) expect(row.version).toBe(5);
    const firstFive = queue.find((e) => e.data.id === parcelId(2) && e.data.version === 5);
    expect(reference).toContainEqual(expect.objectContaining({ label: firstFive?.data.label }));
    expect(await parcels("parcels_batch")).toEqual(reference);

    const logs = (table: string) => rows(`SELECT * FROM ${table} ORDER BY parcel_id, version`);
    const referenceLog = await logs("parcel_log_one");
    expect(referenceLog).toHaveLength(30);
    expect(await logs("parcel_log_batch")).toEqual(referenceLog);

    const inbox = await inboxOf("one-latest");
    expect(inbox).toHaveLength(31);
    for (const name of ["one-history", "batch-latest", "batch-history"])
      expect(await inboxOf(name)).toEqual(inbox);
  });

  it("an event the inbox holds writes nothing, and the statement writes both or neither", async () => {
    const projection = latest("parcels_batch");
    const apply = projectionApplier("atomic", projection);
    const parcel = (n: number, weight: number, version: number) =>
      newEvent<Parcel>(TYPE, "proj", {
        id: parcelId(20 + n),
        label: `atomic ${n}`,
        weight,
        sentAt: new Date(Date.UTC(2026, 10, 5)).toISOString(),
        version,
      });
    expect(await apply(fx.pool, [])).toEqual([]);
    const first = parcel(0, 1, 1);
    expect(await apply(fx.pool, [first, first])).toEqual(["handled", "duplicate"]);
    // The same event again, even carrying a newer version, is a duplicate: the inbox decides.
    const replayed = { ...first, data: { ...first.data, version: 2, label: "changed" } };
    expect(await apply(fx.pool, [replayed])).toEqual(["duplicate"]);
    // A failing row rolls the inbox rows of its batch back with it.
    const good = parcel(1, 1, 1);
    await expect(apply(fx.pool, [good, parcel(2, -5, 1)])).rejects.toThrow(/check constraint/);
    expect(await inboxOf("atomic")).toEqual([first.id]);
    expect(await rows(`SELECT label, version FROM parcels_batch WHERE id = '${parcelId(20)}'`)).toEqual([
      { label: "atomic 0", version: 1 },
    ]);
    expect(await rows(`SELECT 1 FROM parcels_batch WHERE id = '${parcelId(21)}'`)).toEqual([]);
    // A version that is not a positive integer is refused before anything is written.
    await expect(apply(fx.pool, [parcel(3, 1, 0)])).rejects.toThrow(/positive integers/);
  });

  it("through a consumer: a backlog in a few statements, a copy skipped", async () => {
    const parcels = consumedParcels("backlog", 50, 24);
    for (const event of parcels) await publishRaw(bus, event.type, JSON.stringify(event), event.id);
    const copy = parcels[3] as EventEnvelope<Parcel>;
    await publishRaw(bus, copy.type, JSON.stringify(copy), `${copy.id}-again`);
    const statements = countStatements(fx.pool);
    const consumer = consume("backlog");
    await waitFor(() =>
      consumer.stats().handled === 24 && consumer.stats().duplicates === 1 ? true : undefined,
    );
    expect(consumer.stats()).toEqual({ handled: 24, duplicates: 1, retried: 0, deadLettered: 0 });
    expect(await storedParcels("backlog")).toEqual(
      parcels.map((p) => ({ label: p.data.label, weight: p.data.weight })),
    );
    expect(await inboxOf("backlog")).toEqual(parcels.map((p) => p.id).sort());
    // One statement per batch, inbox rows included: no BEGIN, no COMMIT, not one per event.
    expect(statements.count()).toBeGreaterThan(0);
    expect(statements.count()).toBeLessThanOrEqual(8);
  });

  it("through a consumer: the poison event's batch is applied one by one, it alone dead-lettered", async () => {
    const parcels = consumedParcels("poison", 80, 24);
    const poison = newEvent<Parcel>(typeOf("poison"), "proj", {
      id: parcelId(120),
      label: "poison of negative weight",
      weight: -1,
      sentAt: new Date(Date.UTC(2026, 10, 7)).toISOString(),
      version: 1,
    });
    const all = [...parcels.slice(0, 11), poison, ...parcels.slice(11)];
    for (const event of all) await publishRaw(bus, event.type, JSON.stringify(event), event.id);
    const consumer = consume("poison");
    await waitFor(() =>
      consumer.stats().handled === 24 && consumer.stats().deadLettered === 1 ? true : undefined,
    );
    expect(consumer.stats()).toEqual({ handled: 24, duplicates: 0, retried: 1, deadLettered: 1 });
    expect(await storedParcels("poison")).toEqual(
      parcels.map((p) => ({ label: p.data.label, weight: p.data.weight })),
    );
    expect(await rows("SELECT event_id FROM dead_letters WHERE consumer = 'poison'")).toEqual([
      { event_id: poison.id },
    ]);
    expect(await inboxOf("poison")).toEqual(parcels.map((p) => p.id).sort());
  });

  it("takes either a handler or a projection", () => {
    const base = { bus, pool: fx.pool, logger: fx.logger, stream: "PROJ", durable: "x", eventTypes: [TYPE] };
    expect(() => startConsumer(base)).toThrow(/either handle or project/);
    expect(() =>
      startConsumer({
        ...base,
        handle: async () => {},
        project: latest("parcels_batch") as Projection<unknown>,
      }),
    ).toThrow(/either handle or project/);
  });
});

import { migrate } from "@mp/db";
import { waitFor } from "@mp/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import type { Bus } from "./connection";
import { startConsumer } from "./consumer";
import { newEvent } from "./envelope";
import { ensureStream } from "./streams";
import { type BusFixture, busFixture, publishRaw, SCHEMA } from "./test-fixture";
import { applyIfNewer } from "./version-guard";

let fx: BusFixture;
let bus: Bus;

const PARCELS = `CREATE TABLE parcels (id uuid PRIMARY KEY, status text NOT NULL, version integer NOT NULL)`;

beforeAll(async () => {
  fx = await busFixture("bus_versions_guard");
  await migrate(fx.pool, SCHEMA, [{ id: "test/0002_parcels", sql: PARCELS }]);
  bus = await fx.connect();
  await ensureStream(bus, { name: "PARCEL", subjects: ["parcel.>"] });
});
afterAll(async () => {
  await fx?.cleanup();
});

async function parcel(id: string) {
  const { rows } = await fx.pool.query<{ status: string; version: number }>(
    "SELECT status, version FROM parcels WHERE id = $1",
    [id],
  );
  return rows[0];
}

describe("applyIfNewer", () => {
  it("inserts, then applies only newer versions", async () => {
    const id = "0193a1b2-0000-7000-8000-00000000000a";
    const apply = (version: number, status: string) =>
      applyIfNewer(fx.pool, { table: "parcels", key: { id }, version, values: { status } });
    expect(await apply(2, "packed")).toBe(true);
    expect(await apply(1, "created")).toBe(false);
    expect(await apply(2, "packed-again")).toBe(false);
    expect(await parcel(id)).toEqual({ status: "packed", version: 2 });
    expect(await apply(3, "shipped")).toBe(true);
    expect(await parcel(id)).toEqual({ status: "shipped", version: 3 });
    await expect(apply(0, "bad")).rejects.toThrow(/positive/);
    await expect(
      applyIfNewer(fx.pool, { table: "parcels; drop", key: { id }, version: 4, values: {} }),
    ).rejects.toThrow(/Invalid/);
  });

  it("leaves the newest state after out-of-order, duplicate and parallel delivery", async () => {
    const type = "parcel.status.changed.v1";
    const schema = z.object({ parcelId: z.uuid(), status: z.string(), version: z.number().int().positive() });
    const ids = [
      "0193a1b2-0000-7000-8000-000000000001",
      "0193a1b2-0000-7000-8000-000000000002",
      "0193a1b2-0000-7000-8000-000000000003",
    ];
    // Versions 1..6 of each parcel, published newest-first for one, shuffled for the others, and every
    // event twice (two message ids defeat JetStream's dedup), plus a re-emitted copy of version 3 as a
    // snapshot would send it (same version, new event id).
    const published: string[] = [];
    for (const [n, parcelId] of ids.entries()) {
      const versions = n === 0 ? [6, 5, 4, 3, 2, 1] : [3, 1, 6, 2, 5, 4];
      for (const version of [...versions, 3]) {
        const event = newEvent(type, "parcel", { parcelId, status: `s${version}`, version });
        for (const copy of ["a", "b"]) {
          await publishRaw(bus, type, JSON.stringify(event), `${event.id}-${copy}`);
          published.push(event.id);
        }
      }
    }
    const replicas = [1, 2].map(() =>
      startConsumer({
        bus,
        pool: fx.pool,
        logger: fx.logger,
        stream: "PARCEL",
        durable: "parcel-view",
        eventTypes: [type],
        schema,
        handle: async (event, client) => {
          await applyIfNewer(client, {
            table: "parcels",
            key: { id: event.data.parcelId },
            version: event.data.version,
            values: { status: event.data.status },
          });
        },
      }),
    );
    try {
      await waitFor(
        () => {
          const done = replicas.reduce((n, r) => n + r.stats().handled + r.stats().duplicates, 0);
          return done === published.length ? true : undefined;
        },
        { what: "every delivery handled", timeoutMs: 20_000 },
      );
    } finally {
      await Promise.all(replicas.map((r) => r.stop()));
    }
    for (const id of ids) expect(await parcel(id)).toEqual({ status: "s6", version: 6 });
    const handled = replicas.reduce((n, r) => n + r.stats().handled, 0);
    expect(handled).toBe(new Set(published).size);
  });
});

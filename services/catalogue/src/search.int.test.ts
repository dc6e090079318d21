import type { Pool } from "@mp/db";
import { withTransaction } from "@mp/db";
import { v7 as uuidv7 } from "uuid";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeCatalogueReader } from "./infra/catalogue.reader";
import { makeReadModelWriter } from "./infra/read-model.writer";
import {
  anyone,
  at,
  INSTANCE,
  itemSnapshot,
  listingSnapshot,
  type ReadModelFixture,
  startReadModelFixture,
} from "./testing/read-model-fixture";

let f: ReadModelFixture;
const named = new Map<string, string>();

const FILLER_WORDS = ["Pump", "Valve", "Gateway", "Meter", "Tracker", "Beacon", "Relay", "Logger"];
const KNOWN = [
  { name: "Vibration Analyzer", description: "Detects bearing wear in rotating machines." },
  { name: "Capteur de température", description: "Mesure la température ambiante." },
  { name: "Flow Meter", description: "Measures flow; alarms on pipe vibration." },
  { name: "ÉLAN Motion", description: "Accelerometer app for fall detection." },
  { name: "Humidity Probe", description: "Relative humidity and dew point." },
];

/** 5 items the tests look for, and 220 fillers sharing the word "sensor" (equal relevance: ties to break). */
beforeAll(async () => {
  f = await startReadModelFixture("catalogue_search");
  const writer = makeReadModelWriter();
  await withTransaction(f.service.pool, async (tx) => {
    const seed = async (name: string, description: string, i: number) => {
      const item = itemSnapshot({ displayName: name, description, createdAt: at(i % 17) });
      await writer.item(tx, item);
      await writer.listing(
        tx,
        listingSnapshot(item.itemId, { price: { amount: 500 + ((i * 37) % 900), currency: "EUR" } }),
      );
      named.set(name, item.itemId);
    };
    for (const [i, known] of KNOWN.entries()) await seed(known.name, known.description, i);
    for (let i = 0; i < 220; i++) {
      const word = FILLER_WORDS[i % FILLER_WORDS.length];
      await seed(`${word} ${String(i).padStart(3, "0")}`, "Industrial sensor kit for remote telemetry.", i);
    }
  });
}, 60_000);
afterAll(() => f?.stop());

const search = async (query: Record<string, unknown>) =>
  f.items.call(
    "listListedItems",
    { marketplaceInstanceId: INSTANCE, page: 1, pageSize: 20, ...query } as never,
    f.ctx(anyone),
  );
const names = async (query: Record<string, unknown>) =>
  (await search(query)).items.map((i) => i.item?.displayName);

describe("catalogue search over 225 items (PostgreSQL full text, unaccent and pg_trgm)", () => {
  it("is case- and accent-insensitive, in the item and in the search", async () => {
    for (const query of ["temperature", "TEMPÉRATURE", "Temperatúre", "capteur"]) {
      expect(await names({ search: query }), query).toContain("Capteur de température");
    }
    expect(await names({ search: "elan" })).toEqual(["ÉLAN Motion"]);
  });

  it("matches prefixes of words", async () => {
    expect((await names({ search: "vib" }))[0]).toBe("Vibration Analyzer");
    expect(await names({ search: "accel" })).toEqual(["ÉLAN Motion"]);
    expect(await names({ search: "hum prob" })).toEqual(["Humidity Probe"]);
  });

  it("tolerates typos", async () => {
    expect((await names({ search: "vibraton" }))[0]).toBe("Vibration Analyzer");
    expect(await names({ search: "temprature" })).toContain("Capteur de température");
    expect(await names({ search: "humidty" })).toContain("Humidity Probe");
  });

  it("computes a search's prefix query once, then remembers it (one statement per repeated search)", async () => {
    const statements: string[] = [];
    const pool = f.service.pool;
    const counting = new Proxy(pool, {
      get: (target, key) =>
        key === "query"
          ? (text: string, params?: unknown[]) => {
              statements.push(text);
              return target.query(text, params);
            }
          : Reflect.get(target, key, target),
    }) as Pool;
    const reader = makeCatalogueReader(counting);
    const query = {
      marketplaceInstanceId: INSTANCE,
      search: "vib",
      page: 1,
      pageSize: 20,
      orderBy: "relevance",
      direction: "desc",
    } as const;
    const first = await reader.listListed(query);
    const prefixStatements = () => statements.filter((text) => text.includes("to_tsvector")).length;
    expect(prefixStatements()).toBe(1);
    statements.length = 0;
    const again = await reader.listListed(query);
    expect(prefixStatements()).toBe(0);
    expect(statements).toHaveLength(1);
    expect(again.items.map((i) => i.id)).toEqual(first.items.map((i) => i.id));
    expect(first.items[0]?.displayName).toBe("Vibration Analyzer");
  });

  it("finds nothing for words no item has", async () => {
    const page = await search({ search: "zebracorn" });
    expect(page.items).toEqual([]);
    expect(page.totalCount).toBe(0);
  });

  it("ranks a match in the name above a match in the description, by default with a search", async () => {
    expect(await names({ search: "vibration" })).toEqual(["Vibration Analyzer", "Flow Meter"]);
    expect(await names({ search: "vibration", direction: "asc" })).toEqual([
      "Flow Meter",
      "Vibration Analyzer",
    ]);
    expect(await names({ search: "vibration", orderBy: "displayName", direction: "asc" })).toEqual([
      "Flow Meter",
      "Vibration Analyzer",
    ]);
  });

  it("filters by type and orders by price and createdAt without a search", async () => {
    const byPrice = await search({ orderBy: "price", direction: "asc", pageSize: 100 });
    const prices = byPrice.items.map((i) => Number(i.fromPrice?.amount));
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    expect(byPrice.totalCount).toBe(225);
    const byDate = await search({ pageSize: 100 });
    const dates = byDate.items.map((i) => i.item?.createdAt ?? "");
    expect(dates).toEqual([...dates].sort().reverse());
    expect((await search({ type: "algorithm" })).totalCount).toBe(0);
  });

  it("refuses relevance without a search, naming the field", async () => {
    await expect(search({ orderBy: "relevance" })).rejects.toMatchObject({
      code: "validation-failed",
      extensions: { errors: { "query.orderBy": expect.any(Array) } },
    });
  });

  for (const order of [
    { search: "sensor" },
    { search: "sensor", orderBy: "price", direction: "asc" },
    { orderBy: "createdAt" },
    { orderBy: "displayName", direction: "asc" },
  ]) {
    it(`pages ${JSON.stringify(order)} stably: every item once, none skipped`, async () => {
      const pageSize = 7;
      const first = await search({ ...order, pageSize });
      const seen: string[] = [];
      for (let page = 1; page <= first.totalPages; page++) {
        const result = await search({ ...order, page, pageSize });
        expect(result.totalCount).toBe(first.totalCount);
        seen.push(...result.items.map((i) => i.item?.id ?? ""));
      }
      expect(seen).toHaveLength(first.totalCount);
      expect(new Set(seen).size).toBe(first.totalCount);
      expect(first.totalCount).toBeGreaterThanOrEqual(220);
      const past = await search({ ...order, page: first.totalPages + 1, pageSize });
      expect(past).toMatchObject({ items: [], totalCount: first.totalCount });
    });
  }

  it("reads one listed item by id only in its instance", async () => {
    const id = named.get("Humidity Probe") ?? "";
    const read = await f.items.call("getListedItem", { id, marketplaceInstanceId: INSTANCE }, f.ctx(anyone));
    expect(read.item?.displayName).toBe("Humidity Probe");
    await expect(
      f.items.call("getListedItem", { id, marketplaceInstanceId: uuidv7() }, f.ctx(anyone)),
    ).rejects.toMatchObject({ code: "not-found" });
  });
});

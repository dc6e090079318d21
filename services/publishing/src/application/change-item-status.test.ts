import type { EventEnvelope } from "@mp/bus";
import type { PoolClient } from "@mp/db";
import type { CallContext } from "@mp/grpc";
import { testLogger } from "@mp/logger";
import { describe, expect, it } from "vitest";
import type { Item, ItemId, ItemStatus } from "../domain/item";
import { EMPTY_METADATA } from "../domain/metadata";
import { makePublishItem, makeRetireItem } from "./change-item-status";
import type { AssetsPort, ItemRepository, ItemState } from "./ports";

const ORG = "0193a1b2-0000-7000-8000-00000000000a";
const ID = "0193a1b2-0000-7000-8000-0000000000c1";
const now = new Date("2026-11-22T10:00:00.000Z");

/** A one-item repository and a unit of work that commits events only when the work succeeds. */
function fakes(status: ItemStatus, facts: { displayName: string | null; price: boolean; available: number }) {
  let item: Item = {
    id: ID as ItemId,
    type: "app",
    organisationId: ORG,
    marketplaceInstanceId: "0193a1b2-0000-7000-8000-0000000000e1",
    infuseIotApplicationId: 7,
    status,
    createdAt: now,
    updatedAt: now,
    publishedAt: null,
  };
  const events: EventEnvelope[] = [];
  const state = (current: Item): ItemState => ({
    item: current,
    metadata: { ...EMPTY_METADATA, displayName: facts.displayName, createdAt: now },
    iconAssetId: null,
    images: [],
    basePrice: facts.price ? { amount: 0, currency: "EUR" } : null,
    releaseCount: facts.available,
    availableReleases: facts.available,
    latestVersion: facts.available ? "1.0.0+00000001" : null,
    version: 1,
  });
  const items = {
    lock: async (_tx: PoolClient, org: string, id: string) => (org === ORG && id === ID ? item : undefined),
    state: async (current: Item) => state(current),
    update: async (_tx: PoolClient, next: Item) => {
      item = next;
      return 2;
    },
  } as unknown as ItemRepository;
  const assets: AssetsPort = {
    get: async () => Promise.reject(new Error("unused")),
    getMany: async () => [],
  };
  const deps = {
    items,
    assets,
    clock: { now: () => now },
    ids: { next: () => "0193a1b2-0000-7000-8000-0000000000ff" },
    unitOfWork: {
      async run<T>(work: (tx: PoolClient, emit: (e: EventEnvelope) => Promise<void>) => Promise<T>) {
        const pending: EventEnvelope[] = [];
        const result = await work({} as PoolClient, async (e) => {
          pending.push(e);
        });
        events.push(...pending);
        return result;
      },
    },
  };
  return { deps, events, current: () => item };
}

const ctx = (organisationId = ORG): CallContext => ({
  principal: { subject: "d", organisationId, roles: ["developer"], via: "jwt" },
  requestId: "r",
  signal: new AbortController().signal,
  logger: testLogger(),
});

describe("publish, unpublish, retire", () => {
  it("refuses to publish an item that is not ready, listing what is unmet, and emits nothing", async () => {
    const f = fakes("draft", { displayName: null, price: false, available: 0 });
    await expect(makePublishItem(f.deps)(ID, ctx())).rejects.toMatchObject({
      code: "item-not-ready",
      extensions: { unmet: ["displayName", "basePrice", "release"] },
    });
    expect(f.events).toEqual([]);
    expect(f.current().status).toBe("draft");
  });

  it("publishes a ready item once: a second publish returns it unchanged without an event", async () => {
    const f = fakes("draft", { displayName: "Thermo", price: true, available: 1 });
    const published = await makePublishItem(f.deps)(ID.toUpperCase(), ctx());
    expect(published).toMatchObject({ status: "published", publishedAt: now, readiness: { ready: true } });
    const again = await makePublishItem(f.deps)(ID, ctx());
    expect(again.status).toBe("published");
    expect(f.events.map((e) => e.type)).toEqual(["publishing.item.published.v1"]);
    expect(f.events[0]?.data).toMatchObject({
      itemId: ID,
      status: "published",
      latestVersion: "1.0.0+00000001",
      version: 2,
    });
  });

  it("retires from any status once: retiring again returns it unchanged, without a second event", async () => {
    const f = fakes("unpublished", { displayName: null, price: false, available: 0 });
    await expect(
      makeRetireItem(f.deps)(ID, ctx("0193a1b2-0000-7000-8000-00000000000b")),
    ).rejects.toMatchObject({
      code: "not-found",
    });
    const retired = await makeRetireItem(f.deps)(ID, ctx());
    expect(retired.status).toBe("retired");
    const again = await makeRetireItem(f.deps)(ID, ctx());
    expect(again).toEqual(retired);
    await expect(makePublishItem(f.deps)(ID, ctx())).rejects.toMatchObject({
      code: "invalid-state",
      extensions: { state: "retired" },
    });
    expect(f.events.map((e) => e.type)).toEqual(["publishing.item.retired.v1"]);
  });

  it("needs the developer role", async () => {
    const f = fakes("draft", { displayName: "x", price: true, available: 1 });
    const provider: CallContext = {
      ...ctx(),
      principal: { subject: "p", organisationId: ORG, roles: ["provider"], via: "jwt" },
    };
    await expect(makePublishItem(f.deps)(ID, provider)).rejects.toMatchObject({ code: "forbidden" });
  });
});

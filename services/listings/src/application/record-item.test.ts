import { type EventEnvelope, newEvent } from "@mp/bus";
import type { ItemSnapshotV1 } from "@mp/contracts";
import { describe, expect, it } from "vitest";
import {
  EARLIER,
  fakeStore,
  INSTANCE,
  ITEM,
  itemOf,
  listingOf,
  NOW,
  OTHER_INSTANCE,
  OTHER_ORG,
  offeringOf,
} from "../testing/fakes";
import { makeRecordItem } from "./record-item";

const snapshot = (over: Partial<ItemSnapshotV1> = {}): EventEnvelope<ItemSnapshotV1> =>
  newEvent(
    "publishing.item.published.v1",
    "publishing",
    {
      itemId: ITEM,
      organisationId: OTHER_ORG,
      marketplaceInstanceId: INSTANCE,
      infuseIotApplicationId: 7,
      type: "algorithm",
      status: "published",
      displayName: "Thermo",
      description: "Reads the temperature",
      algorithmType: "filter",
      licenseUrl: null,
      eulaUrl: null,
      iconAssetId: "0193a1b2-0000-7000-8000-0000000000d1",
      imageAssetIds: [],
      basePrice: { amount: 1000, currency: "EUR" },
      latestVersion: "1.0.0+00000001",
      publishedAt: EARLIER.toISOString(),
      occurredAt: EARLIER.toISOString(),
      version: 2,
      ...over,
    },
    EARLIER,
  );

const here = offeringOf();
const there = offeringOf({
  id: "0193a1b2-0000-7000-8000-0000000000f2",
  marketplaceInstanceId: OTHER_INSTANCE,
});
const listingHere = listingOf();
const listingThere = listingOf({
  id: "0193a1b2-0000-7000-8000-0000000001a2",
  offeringId: there.id,
  marketplaceInstanceId: OTHER_INSTANCE,
});

function world() {
  const store = fakeStore({ offerings: [here, there], listings: [listingHere, listingThere] });
  return { ...store, record: makeRecordItem(store.deps) };
}

describe("recordItem", () => {
  it("keeps what listings needs of the snapshot, under the item's version", async () => {
    const w = world();
    await w.record(snapshot(), w.tx);
    expect(w.rows().items).toEqual([
      {
        id: ITEM,
        organisationId: OTHER_ORG,
        marketplaceInstanceId: INSTANCE,
        type: "algorithm",
        status: "published",
        displayName: "Thermo",
        description: "Reads the temperature",
        iconAssetId: "0193a1b2-0000-7000-8000-0000000000d1",
        basePrice: { amount: 1000, currency: "EUR" },
        version: 2,
      },
    ]);
    expect(w.events).toEqual([]);
    expect(w.rows().offerings).toEqual([here, there]);
  });

  it("unpublishing changes no offering and no listing", async () => {
    const w = world();
    await w.record(snapshot({ status: "unpublished", version: 3 }), w.tx);
    expect(w.rows().items[0]?.status).toBe("unpublished");
    expect(w.rows().offerings).toEqual([here, there]);
    expect(w.rows().listings).toEqual([listingHere, listingThere]);
    expect(w.events).toEqual([]);
  });

  it("retiring withdraws the item's offerings in every instance and disables their listings, in the inbox transaction", async () => {
    const w = world();
    await w.record(snapshot({ status: "retired", version: 4 }), w.tx);
    expect(w.rows().offerings).toEqual([
      { ...here, withdrawnAt: NOW, version: 2 },
      { ...there, withdrawnAt: NOW, version: 2 },
    ]);
    expect(w.rows().listings.map((l) => [l.id, l.disabled, l.version])).toEqual([
      [listingHere.id, true, 2],
      [listingThere.id, true, 2],
    ]);
    expect(w.events.map((e) => e.type)).toEqual([
      "listings.offering.withdrawn.v1",
      "listings.listing.disabled.v1",
      "listings.offering.withdrawn.v1",
      "listings.listing.disabled.v1",
    ]);
    expect(w.events[0]?.occurredAt).toBe(NOW.toISOString());
  });

  it("an older retired snapshot than the one held changes nothing", async () => {
    const store = fakeStore({ items: [itemOf()], offerings: [here], listings: [listingHere] });
    store.rows().items[0] = { ...itemOf(), version: 5 };
    await makeRecordItem(store.deps)(snapshot({ status: "retired", version: 4 }), store.tx);
    expect(store.rows().items[0]?.status).toBe("published");
    expect(store.rows().offerings).toEqual([here]);
    expect(store.events).toEqual([]);
  });

  it("a retired snapshot seen again withdraws nothing twice", async () => {
    const w = world();
    await w.record(snapshot({ status: "retired", version: 4 }), w.tx);
    const count = w.events.length;
    await w.record(snapshot({ status: "retired", version: 4 }), w.tx);
    expect(w.events).toHaveLength(count);
  });
});

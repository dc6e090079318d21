import {
  assetFinalisedV1,
  itemPublishedV1,
  itemReleaseAddedV1,
  itemReleaseAvailableV1,
  itemRetiredV1,
  itemSnapshotV1,
  itemUnpublishedV1,
  listingCreatedV1,
  listingDisabledV1,
  listingVisibilitySetV1,
  offeringOfferedV1,
  offeringWithdrawnV1,
  type Principal,
} from "@mp/contracts";
import { v7 as uuidv7 } from "uuid";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  anyone,
  assetFinalised,
  at,
  DEVELOPER_ORG,
  INSTANCE,
  itemSnapshot,
  listingSnapshot,
  offeringSnapshot,
  PROVIDER_A,
  PROVIDER_B,
  providerA,
  type ReadModelFixture,
  startReadModelFixture,
} from "./testing/read-model-fixture";

let f: ReadModelFixture;
beforeAll(async () => {
  f = await startReadModelFixture("catalogue_rm");
});
afterAll(() => f?.stop());

const listed = (id: string) =>
  f.items.call("getListedItem", { id, marketplaceInstanceId: INSTANCE }, f.ctx(anyone)).catch((e) => e.code);
const offered = (id: string, principal: Principal = providerA) =>
  f.items.call("getOfferedItem", { id }, f.ctx(principal)).catch((e) => e.code);

/** The read models' rows of one item, to compare states reached through different event orders. */
async function rows(itemId: string) {
  const q = (sql: string) => f.service.pool.query(sql, [itemId]).then((r) => r.rows);
  return {
    item: await q("SELECT * FROM items WHERE id = $1"),
    listings: await q("SELECT * FROM listings WHERE marketplace_item_id = $1 ORDER BY id"),
    offerings: await q("SELECT * FROM offerings WHERE marketplace_item_id = $1 ORDER BY id"),
  };
}

describe("catalogue read models from events (real PostgreSQL, NATS, S3 credentials)", () => {
  it("lists a published item with an enabled public listing: cheapest first, private and disabled left out", async () => {
    const icon = assetFinalised({ assetType: "icon", width: 256, height: 256 });
    const image = assetFinalised();
    const item = itemSnapshot({
      displayName: "Pump monitor",
      iconAssetId: icon.id,
      imageAssetIds: [image.id, uuidv7()],
    });
    const cheap = listingSnapshot(item.itemId, {
      providerOrganisationId: PROVIDER_B,
      price: { amount: 1200, currency: "EUR" },
    });
    const dear = listingSnapshot(item.itemId, { price: { amount: 1900, currency: "EUR" } });
    const hidden = listingSnapshot(item.itemId, {
      providerOrganisationId: uuidv7(),
      price: { amount: 1100, currency: "EUR" },
      visibility: "private",
    });
    const off = listingSnapshot(item.itemId, {
      providerOrganisationId: uuidv7(),
      price: { amount: 1000, currency: "EUR" },
      disabled: true,
      version: 2,
    });
    const events = [
      await f.publish(itemPublishedV1.type, item),
      await f.publish(assetFinalisedV1.type, icon),
      await f.publish(assetFinalisedV1.type, image),
      ...(await Promise.all([cheap, dear, hidden].map((l) => f.publish(listingCreatedV1.type, l)))),
      await f.publish(listingDisabledV1.type, off),
    ];
    await f.handled(events);

    const read = await listed(item.itemId);
    expect(read).toMatchObject({
      item: { id: item.itemId, organisationId: DEVELOPER_ORG, displayName: "Pump monitor", createdAt: at(0) },
      fromPrice: { amount: "1200", currency: "EUR" },
      listings: [
        { listingId: cheap.id, providerOrganisationId: PROVIDER_B, price: { amount: "1200" } },
        { listingId: dear.id, providerOrganisationId: PROVIDER_A, price: { amount: "1900" } },
      ],
    });
    expect(read.listings).toHaveLength(2);
    // the icon and the one finalised image, presigned for the object store; the unknown image is left out
    expect(read.item.iconUrl).toContain(`/assets/${icon.id}?`);
    expect(read.item.iconUrl).toContain("X-Amz-Expires=300");
    expect(read.item.images).toEqual([
      expect.objectContaining({
        assetId: image.id,
        position: 0,
        width: 640,
        height: 480,
        mimeType: "image/png",
      }),
    ]);
    expect(await listed(uuidv7())).toBe("not-found");
    const elsewhere = await f.items
      .call("getListedItem", { id: item.itemId, marketplaceInstanceId: uuidv7() }, f.ctx(anyone))
      .catch((e) => e.code);
    expect(elsewhere).toBe("not-found");
  });

  it("applies an event delivered twice once, and an older event after a newer one not at all", async () => {
    const v1 = itemSnapshot({ version: 1, status: "draft", publishedAt: null, occurredAt: at(0) });
    const v2 = { ...v1, version: 2, status: "published" as const, publishedAt: at(1), occurredAt: at(1) };
    const v3 = { ...v1, version: 3, status: "unpublished" as const, publishedAt: at(1), occurredAt: at(2) };
    const listing = listingSnapshot(v1.itemId);
    const privateNow = { ...listing, version: 2, visibility: "private" as const, occurredAt: at(3) };
    // newest first, then the older ones, then the newest again under another message id (a replay)
    const newest = [
      await f.publish(itemUnpublishedV1.type, v3),
      await f.publish(listingVisibilitySetV1.type, privateNow),
    ];
    const older = [
      await f.publish(itemPublishedV1.type, v2),
      await f.publish(itemSnapshotV1.type, v1),
      await f.publish(listingCreatedV1.type, listing),
    ];
    await f.handled([...newest, ...older]);
    await f.send(newest[0]!, uuidv7());
    await f.settled();
    const state = await rows(v1.itemId);
    expect(state.item[0]).toMatchObject({ status: "unpublished", version: 3 });
    expect(state.listings[0]).toMatchObject({ visibility: "private", version: 2 });
    expect(await listed(v1.itemId)).toBe("not-found");

    // the same events in order reach the same rows (ids differ only)
    const again = itemSnapshot({ ...v1, itemId: uuidv7() });
    const againListing = { ...listing, id: uuidv7(), marketplaceItemId: again.itemId };
    const ordered = [
      await f.publish(itemSnapshotV1.type, again),
      await f.publish(itemPublishedV1.type, { ...v2, itemId: again.itemId }),
      await f.publish(itemUnpublishedV1.type, { ...v3, itemId: again.itemId }),
      await f.publish(listingCreatedV1.type, againListing),
      await f.publish(listingVisibilitySetV1.type, {
        ...privateNow,
        id: againListing.id,
        marketplaceItemId: again.itemId,
      }),
    ];
    await f.handled(ordered);
    const inOrder = await rows(again.itemId);
    const strip = (r: Record<string, unknown>[]) => r.map(({ id, marketplace_item_id, ...rest }) => rest);
    expect(strip(inOrder.item)).toEqual(strip(state.item));
    expect(strip(inOrder.listings)).toEqual(strip(state.listings));
    const { rows: inbox } = await f.service.pool.query(
      "SELECT count(*)::int AS n FROM inbox WHERE event_id = $1",
      [newest[0]!.id],
    );
    expect(inbox[0].n).toBe(1);
  });

  it("follows visibility, superseding, withdrawal, unpublishing, republishing and retirement", async () => {
    const item = itemSnapshot({ displayName: "Lifecycle" });
    const offering = offeringSnapshot(item.itemId);
    const first = listingSnapshot(item.itemId);
    await f.handled([
      await f.publish(itemPublishedV1.type, item),
      await f.publish(offeringOfferedV1.type, offering),
      await f.publish(listingCreatedV1.type, first),
    ]);
    expect((await listed(item.itemId)).fromPrice.amount).toBe("1500");
    expect(await offered(item.itemId)).toMatchObject({ listed: true, offeredAt: at(2) });
    const other = { ...providerA, organisationId: PROVIDER_B };
    expect((await offered(item.itemId, other)).listed).toBe(false);

    // private, then public again
    await f.handled([
      await f.publish(listingVisibilitySetV1.type, { ...first, visibility: "private", version: 2 }),
    ]);
    expect(await listed(item.itemId)).toBe("not-found");
    expect((await offered(item.itemId)).listed).toBe(true);
    await f.handled([
      await f.publish(listingVisibilitySetV1.type, { ...first, visibility: "public", version: 3 }),
    ]);
    expect((await listed(item.itemId)).fromPrice.amount).toBe("1500");

    // a new price supersedes the old listing
    const second = listingSnapshot(item.itemId, {
      price: { amount: 2500, currency: "EUR" },
      createdAt: at(5),
    });
    await f.handled([
      await f.publish(listingCreatedV1.type, second),
      await f.publish(listingDisabledV1.type, { ...first, disabled: true, supersededAt: at(5), version: 4 }),
    ]);
    expect((await listed(item.itemId)).listings).toEqual([
      expect.objectContaining({ listingId: second.id, price: { amount: "2500", currency: "EUR" } }),
    ]);

    // withdrawal: gone from offered items; its listings are disabled by the listings service
    await f.handled([
      await f.publish(offeringWithdrawnV1.type, { ...offering, withdrawnAt: at(6), version: 2 }),
      await f.publish(listingDisabledV1.type, { ...second, disabled: true, version: 2 }),
    ]);
    expect(await offered(item.itemId)).toBe("not-found");
    expect(await listed(item.itemId)).toBe("not-found");

    // offered and listed again, then unpublished, republished and retired
    const reOffer = offeringSnapshot(item.itemId, { createdAt: at(7) });
    const third = listingSnapshot(item.itemId, { createdAt: at(7) });
    await f.handled([
      await f.publish(offeringOfferedV1.type, reOffer),
      await f.publish(listingCreatedV1.type, third),
    ]);
    expect(await offered(item.itemId)).toMatchObject({ offeredAt: at(7), listed: true });
    expect((await listed(item.itemId)).listings[0].listingId).toBe(third.id);
    await f.handled([
      await f.publish(itemUnpublishedV1.type, { ...item, status: "unpublished", version: 2 }),
    ]);
    expect(await listed(item.itemId)).toBe("not-found");
    expect(await offered(item.itemId)).toBe("not-found");
    await f.handled([await f.publish(itemPublishedV1.type, { ...item, version: 3 })]);
    expect((await listed(item.itemId)).listings[0].listingId).toBe(third.id);
    await f.handled([await f.publish(itemRetiredV1.type, { ...item, status: "retired", version: 4 })]);
    expect(await listed(item.itemId)).toBe("not-found");
    // a late, older event cannot bring a retired item back
    await f.handled([await f.publish(itemPublishedV1.type, { ...item, version: 3 })]);
    expect(await listed(item.itemId)).toBe("not-found");
  });

  it("keeps the item's from price the minimum of its enabled public listings, whatever the order or repetition", async () => {
    /** The denormalised price, the minimum recomputed from the listings rows, and what the catalogue shows. */
    const prices = async (itemId: string) => {
      const { rows } = await f.service.pool.query<{ stored: string | null; computed: string | null }>(
        `SELECT i.from_price_amount AS stored,
                (SELECT min(l.price_amount) FROM listings l
                  WHERE l.marketplace_item_id = i.id AND l.marketplace_instance_id = i.marketplace_instance_id
                    AND NOT l.disabled AND l.visibility = 'public') AS computed
         FROM items i WHERE i.id = $1`,
        [itemId],
      );
      const read = await listed(itemId);
      return {
        stored: rows[0]?.stored ?? null,
        computed: rows[0]?.computed ?? null,
        shown: typeof read === "string" ? read : read.fromPrice.amount,
      };
    };
    const expectPrice = async (itemId: string, amount: string | null) =>
      expect(await prices(itemId)).toEqual({
        stored: amount,
        computed: amount,
        shown: amount ?? "not-found",
      });

    const item = itemSnapshot({ displayName: "From price" });
    const price = (amount: number) => ({ amount, currency: "EUR" });
    const a = listingSnapshot(item.itemId, { providerOrganisationId: PROVIDER_B, price: price(1200) });
    const b = listingSnapshot(item.itemId, { price: price(1900) });
    const p = listingSnapshot(item.itemId, {
      providerOrganisationId: uuidv7(),
      price: price(1100),
      visibility: "private",
    });
    const a2 = listingSnapshot(item.itemId, {
      providerOrganisationId: PROVIDER_B,
      price: price(1300),
      createdAt: at(5),
    });
    // Every step's events, as listings would emit them.
    const steps: { events: [string, unknown][]; expected: string | null }[] = [
      {
        events: [
          [listingCreatedV1.type, a],
          [listingCreatedV1.type, b],
          [listingCreatedV1.type, p],
        ],
        expected: "1200",
      },
      {
        // a new price supersedes a's listing
        events: [
          [listingCreatedV1.type, a2],
          [listingDisabledV1.type, { ...a, disabled: true, supersededAt: at(5), version: 2 }],
        ],
        expected: "1300",
      },
      {
        events: [[listingVisibilitySetV1.type, { ...p, visibility: "public", version: 2 }]],
        expected: "1100",
      },
      {
        events: [[listingDisabledV1.type, { ...p, visibility: "public", disabled: true, version: 3 }]],
        expected: "1300",
      },
      {
        events: [[listingVisibilitySetV1.type, { ...a2, visibility: "private", version: 2 }]],
        expected: "1900",
      },
      { events: [[listingDisabledV1.type, { ...b, disabled: true, version: 2 }]], expected: null },
    ];

    // In order, step by step; the listings of the first step arrive before their item.
    const publishAll = (events: [string, unknown][]) => Promise.all(events.map(([t, d]) => f.publish(t, d)));
    await f.handled(await publishAll(steps[0]!.events));
    expect((await prices(item.itemId)).computed).toBeNull(); // no item row yet
    await f.handled([await f.publish(itemPublishedV1.type, item)]);
    await expectPrice(item.itemId, "1200");
    for (const step of steps.slice(1)) {
      const events = await publishAll(step.events);
      await f.handled(events);
      await expectPrice(item.itemId, step.expected);
      // each step delivered again (a redelivery under another message id) changes nothing
      for (const event of events) await f.send(event, uuidv7());
      await f.settled();
      await expectPrice(item.itemId, step.expected);
    }

    // The same history for another item, newest event first, every event twice: the same prices.
    const other = itemSnapshot({ itemId: uuidv7(), displayName: "From price, reversed" });
    const moved = (listing: { id: string }, ids: Map<string, string>) => ({
      ...listing,
      id: ids.get(listing.id) ?? listing.id,
      marketplaceItemId: other.itemId,
    });
    const ids = new Map([a, b, p, a2].map((l) => [l.id, uuidv7()]));
    const reversed = steps
      .flatMap((step) => step.events)
      .map(([t, d]) => [t, moved(d as { id: string }, ids)] as [string, unknown])
      .reverse();
    // All but the last two steps: b is still listed at 1900 once they have all arrived.
    const upToStep4 = steps
      .slice(0, 5)
      .flatMap((step) => step.events)
      .map(([t, d]) => [t, moved(d as { id: string }, ids)] as [string, unknown])
      .reverse();
    const first = await publishAll(upToStep4);
    await f.handled(first);
    await f.handled([await f.publish(itemPublishedV1.type, other)]);
    for (const event of first) await f.send(event, uuidv7());
    await f.settled();
    await expectPrice(other.itemId, "1900");
    const rest = await publishAll(reversed.slice(0, reversed.length - upToStep4.length));
    await f.handled(rest);
    for (const event of [...rest, ...first]) await f.send(event, uuidv7());
    await f.settled();
    await expectPrice(other.itemId, null);
  });

  it("shows providers the available releases, whatever order their events arrive in", async () => {
    const item = itemSnapshot();
    const release = {
      itemReleaseId: uuidv7(),
      itemId: item.itemId,
      organisationId: DEVELOPER_ORG,
      marketplaceInstanceId: INSTANCE,
      infuseIotApplicationId: 1,
      infuseIotReleaseId: "rel-1",
      releaseVersion: "1.0.0+00000001",
      board: { id: "b1", name: "Board", target: "nrf9160" },
      sizeBytes: 2048,
    };
    const preparing = { ...release, itemReleaseId: uuidv7(), infuseIotReleaseId: "rel-2" };
    const sha256 = "a".repeat(64);
    await f.handled([
      await f.publish(itemPublishedV1.type, item),
      await f.publish(offeringOfferedV1.type, offeringSnapshot(item.itemId)),
      await f.publish(itemReleaseAvailableV1.type, {
        ...release,
        status: "available",
        sha256,
        objectKey: "releases/x",
        availableAt: at(4),
        version: 2,
      }),
      await f.publish(itemReleaseAddedV1.type, {
        ...release,
        status: "preparing",
        createdAt: at(3),
        version: 1,
      }),
      await f.publish(itemReleaseAddedV1.type, {
        ...preparing,
        status: "preparing",
        createdAt: at(3),
        version: 1,
      }),
    ]);
    const read = await offered(item.itemId);
    expect(read.releases).toEqual([
      expect.objectContaining({
        id: release.itemReleaseId,
        version: "1.0.0+00000001",
        status: "available",
        sha256,
        sizeBytes: "2048",
        createdAt: at(3),
        board: { id: "b1", name: "Board", target: "nrf9160" },
      }),
    ]);
    expect(read.basePrice).toEqual({ amount: "1000", currency: "EUR" });
    expect(read.listed).toBe(false);
    const asBuyer = await offered(item.itemId, anyone);
    expect(asBuyer).toBe("forbidden");
  });
});

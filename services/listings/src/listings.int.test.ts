import { randomUUID } from "node:crypto";
import { ensureStream, newEvent } from "@mp/bus";
import {
  type ItemSnapshotV1,
  instanceCreatedV1,
  itemPublishedV1,
  itemRetiredV1,
  itemUnpublishedV1,
  type ListingsProto,
  ownerOfSubject,
  type Principal,
  STREAMS,
} from "@mp/contracts";
import { createUnaryClient, loadProto } from "@mp/grpc";
import { testLogger } from "@mp/logger";
import { type RunningService, startService } from "@mp/runtime";
import { ephemeralMesh, freshInfra, infraEnv, type TestInfra, type TestMesh, waitFor } from "@mp/testing";
import { v7 as uuidv7 } from "uuid";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listingsService } from "./module";

const org = (n: number) => `0193a1b2-0000-7000-8000-0000000000${n.toString(16).padStart(2, "0")}`;
const admin: Principal = { subject: "admin-1", organisationId: org(0xa1), roles: ["admin"], via: "jwt" };
const otherAdmin: Principal = { ...admin, subject: "admin-2", organisationId: org(0xa2) };
const provider: Principal = { subject: "prov-1", organisationId: org(0xb1), roles: ["provider"], via: "jwt" };
const otherProvider: Principal = { ...provider, subject: "prov-2", organisationId: org(0xb2) };
const developerOrg = org(0xd1);

let infra: TestInfra;
let mesh: TestMesh;
let listings: RunningService;
const instanceId = uuidv7();

const proto = loadProto<ListingsProto>("marketplace/listings/v1/listings.proto").marketplace.listings.v1;
const client = () =>
  createUnaryClient(proto.ListingsService, `127.0.0.1:${listings.grpcPort}`, {
    upstream: "listings",
    identity: mesh.gateway,
  });
let c: ReturnType<typeof client>;
/** A user's call: its own request id each time (a listing is created once per request id). */
const as = (principal: Principal, requestId: string = randomUUID()) => ({ principal, requestId });

async function publish(type: string, data: unknown) {
  const event = newEvent(type, ownerOfSubject(type) ?? "test", data);
  await listings.bus.js.publish(listings.bus.subject(type), JSON.stringify(event), { msgID: event.id });
  return event.id;
}

/** The last snapshot announced for an item, rebuilt from what the test sent. */
const sent = new Map<string, ItemSnapshotV1>();
async function snapshotRow(id: string): Promise<ItemSnapshotV1> {
  const snapshot = sent.get(id);
  if (!snapshot) throw new Error(`no snapshot sent for ${id}`);
  return snapshot;
}

const versions = new Map<string, number>();
/** Announce an item the way publishing does: a snapshot with the next version. */
async function announceItem(id: string, type: string, fields: Partial<ItemSnapshotV1> = {}) {
  const version = (versions.get(id) ?? 0) + 1;
  versions.set(id, version);
  const snapshot: ItemSnapshotV1 = {
    itemId: id,
    organisationId: developerOrg,
    marketplaceInstanceId: instanceId,
    infuseIotApplicationId: 7,
    type: "app",
    status: "published",
    displayName: `Item ${id.slice(-4)}`,
    description: null,
    algorithmType: null,
    licenseUrl: null,
    eulaUrl: null,
    iconAssetId: null,
    imageAssetIds: [],
    basePrice: { amount: 1000, currency: "EUR" },
    latestVersion: "1.0.0+00000001",
    publishedAt: new Date().toISOString(),
    occurredAt: new Date().toISOString(),
    version,
    ...fields,
  };
  sent.set(id, snapshot);
  await publish(type, snapshot);
  await waitFor(
    async () => {
      const { rows } = await listings.pool.query("SELECT version FROM known_items WHERE id = $1", [id]);
      return rows[0]?.version === version ? true : undefined;
    },
    { what: `listings to apply ${type} v${version}` },
  );
}

async function publishedItem(fields: Partial<ItemSnapshotV1> = {}) {
  const id = uuidv7();
  await announceItem(id, itemPublishedV1.type, fields);
  return id;
}

async function outboxOf(aggregateId: string) {
  const { rows } = await listings.pool.query<{ event_type: string; payload: { data: { version: number } } }>(
    "SELECT event_type, payload FROM outbox WHERE payload->'data'->>'id' = $1 ORDER BY seq",
    [aggregateId],
  );
  return rows.map((r) => [r.event_type, r.payload.data.version]);
}

beforeAll(async () => {
  infra = await freshInfra("listings");
  mesh = await ephemeralMesh();
  listings = await startService(
    listingsService,
    {
      ...infraEnv(infra),
      LISTINGS_GRPC_PORT: "0",
      ASSETS_GRPC_URL: "127.0.0.1:1",
      LOG_LEVEL: "silent",
      ...mesh.env("listings"),
    },
    { logger: testLogger("listings") },
  );
  for (const stream of [STREAMS.CATALOGUE, STREAMS.PUBLISHING])
    await ensureStream(listings.bus, { name: stream.name, subjects: [...stream.subjects] });
  await publish(instanceCreatedV1.type, {
    id: instanceId,
    name: "Europe",
    ownerOrganisationId: admin.organisationId,
    defaultCurrency: "EUR",
    platformFeeBps: 1000,
    createdAt: new Date().toISOString(),
    version: 1,
  });
  c = client();
  await waitFor(
    () => c.call("getInstanceReference", { id: instanceId }, { requestId: "r" }).catch(() => undefined),
    {
      what: "listings to learn the instance",
    },
  );
});

afterAll(async () => {
  c?.close();
  await listings?.stop();
  await infra?.cleanup();
});

describe("offerings over gRPC (real PostgreSQL and NATS)", () => {
  it("offers a published item once, lists and withdraws it; outbox events carry growing versions", async () => {
    const itemId = await publishedItem();
    const offered = await c.call(
      "createOffering",
      { instanceId, marketplaceItemId: itemId.toUpperCase() },
      as(admin),
    );
    expect(offered).toMatchObject({ marketplaceInstanceId: instanceId, marketplaceItemId: itemId });
    expect(offered.withdrawnAt).toBeUndefined();
    const again = await c.call("createOffering", { instanceId, marketplaceItemId: itemId }, as(admin));
    expect(again.id).toBe(offered.id);

    const page = await c.call("listOfferings", { instanceId, page: 1, pageSize: 100 }, as(admin));
    expect(page.items.map((o) => o.id)).toContain(offered.id);

    await c.call("withdrawOffering", { instanceId, offeringId: offered.id }, as(admin));
    await c.call("withdrawOffering", { instanceId, offeringId: offered.id }, as(admin));
    expect(await outboxOf(offered.id)).toEqual([
      ["listings.offering.offered.v1", 1],
      ["listings.offering.withdrawn.v1", 2],
    ]);
    const renewed = await c.call("createOffering", { instanceId, marketplaceItemId: itemId }, as(admin));
    expect(renewed.id).not.toBe(offered.id);
  });

  it("makes one offering of concurrent offers of one item", async () => {
    const itemId = await publishedItem();
    const offers = await Promise.all(
      Array.from({ length: 6 }, () =>
        c.call("createOffering", { instanceId, marketplaceItemId: itemId }, as(admin)),
      ),
    );
    expect(new Set(offers.map((o) => o.id)).size).toBe(1);
    const { rows } = await listings.pool.query(
      "SELECT count(*)::int AS n FROM offerings WHERE marketplace_item_id = $1",
      [itemId],
    );
    expect(rows[0].n).toBe(1);
  });

  it("refuses unpublished items, unknown items and instances, other owners and other roles", async () => {
    const draft = await publishedItem({ status: "draft" });
    await expect(
      c.call("createOffering", { instanceId, marketplaceItemId: draft }, as(admin)),
    ).rejects.toMatchObject({
      code: "invalid-state",
      extensions: { state: "draft" },
    });
    await expect(
      c.call("createOffering", { instanceId, marketplaceItemId: uuidv7() }, as(admin)),
    ).rejects.toMatchObject({ code: "not-found" });
    const item = await publishedItem();
    await expect(
      c.call("createOffering", { instanceId: uuidv7(), marketplaceItemId: item }, as(admin)),
    ).rejects.toMatchObject({ code: "not-found" });
    await expect(
      c.call("createOffering", { instanceId, marketplaceItemId: item }, as(otherAdmin)),
    ).rejects.toMatchObject({ code: "not-found" });
    await expect(c.call("listOfferings", { instanceId }, as(otherAdmin))).rejects.toMatchObject({
      code: "not-found",
    });
    await expect(
      c.call("createOffering", { instanceId, marketplaceItemId: item }, as(provider)),
    ).rejects.toMatchObject({
      code: "forbidden",
    });
  });
});

describe("listings over gRPC", () => {
  const price = (amount: number, currency = "EUR") => ({ amount: String(amount), currency });

  async function offeredItem(fields: Partial<ItemSnapshotV1> = {}) {
    const itemId = await publishedItem(fields);
    const offering = await c.call("createOffering", { instanceId, marketplaceItemId: itemId }, as(admin));
    return { itemId, offering };
  }

  it("creates, supersedes and keeps history; the current listing and the list show the newest", async () => {
    const { itemId } = await offeredItem({ displayName: "Supersede Me" });
    const request = { marketplaceItemId: itemId, marketplaceInstanceId: instanceId };
    const first = await c.call("createListing", { ...request, price: price(1500) }, as(provider));
    expect(first).toMatchObject({
      visibility: "public",
      disabled: false,
      providerOrganisationId: provider.organisationId,
    });
    expect(first.price).toEqual({ amount: "1500", currency: "EUR" });
    const second = await c.call(
      "createListing",
      { ...request, price: price(1800), visibility: "private" },
      as(provider),
    );

    expect(await c.call("getCurrentListing", request, as(provider))).toEqual(second);
    const history = await c.call("listListingHistory", { ...request, page: 1, pageSize: 10 }, as(provider));
    expect(history.items).toHaveLength(1);
    expect(history.items[0]).toMatchObject({ id: first.id, disabled: true });
    expect(history.items[0]?.supersededAt).toBeDefined();
    expect(await outboxOf(first.id)).toEqual([
      ["listings.listing.created.v1", 1],
      ["listings.listing.disabled.v1", 2],
    ]);

    const listed = await c.call(
      "listListings",
      { search: "supersede me", page: 1, pageSize: 10 },
      as(provider),
    );
    expect(listed.items.map((s) => s.id)).toEqual([second.id]);
    expect(listed.items[0]).toMatchObject({
      displayName: "Supersede Me",
      type: "app",
      purchaseCount: 0,
      visibility: "private",
    });
    expect(listed.items[0]?.iconUrl).toBeUndefined();

    await expect(c.call("getCurrentListing", request, as(otherProvider))).rejects.toMatchObject({
      code: "not-found",
    });
    const others = await c.call("listListings", { page: 1, pageSize: 100 }, as(otherProvider));
    expect(others.items).toEqual([]);
  });

  it("keeps one current listing under concurrent creations, the others in history", async () => {
    const { itemId } = await offeredItem();
    const request = { marketplaceItemId: itemId, marketplaceInstanceId: instanceId };
    const created = await Promise.all(
      [1500, 1600, 1700, 1800, 1900].map((amount) =>
        c.call("createListing", { ...request, price: price(amount) }, as(provider)),
      ),
    );
    const current = await c.call("getCurrentListing", request, as(provider));
    const history = await c.call("listListingHistory", { ...request, pageSize: 100 }, as(provider));
    expect(history.totalCount).toBe(4);
    expect([current.id, ...history.items.map((l) => l.id)].sort()).toEqual(created.map((l) => l.id).sort());
  });

  it("creates a listing once per request id; other values are 409", async () => {
    const { itemId } = await offeredItem();
    const request = { marketplaceItemId: itemId, marketplaceInstanceId: instanceId, price: price(1500) };
    const ctx = as(provider);
    // The same request twice at once (an ingress resending it after its gateway died), then once more.
    const [first, second] = await Promise.all([
      c.call("createListing", request, ctx),
      c.call("createListing", request, ctx),
    ]);
    const again = await c.call("createListing", request, ctx);
    expect([second.id, again.id]).toEqual([first.id, first.id]);
    const history = await c.call("listListingHistory", { ...request, pageSize: 100 }, as(provider));
    expect(history.totalCount).toBe(0);
    expect(await outboxOf(first.id)).toEqual([["listings.listing.created.v1", 1]]);
    const reused = await c.call("createListing", { ...request, price: price(1600) }, ctx).catch((e) => e);
    expect(reused).toMatchObject({ code: "request-id-reused", extensions: { listingId: first.id } });
    // Another organisation's request under the same id is its own.
    const theirs = await c.call("createListing", request, as(otherProvider, ctx.requestId));
    expect(theirs.id).not.toBe(first.id);
  });

  it("refuses unoffered items, foreign currencies, too low prices, unpublished items and other roles", async () => {
    const notOffered = await publishedItem();
    const body = (itemId: string, amount: number, currency = "EUR") => ({
      marketplaceItemId: itemId,
      marketplaceInstanceId: instanceId,
      price: price(amount, currency),
    });
    await expect(c.call("createListing", body(notOffered, 5000), as(provider))).rejects.toMatchObject({
      code: "not-offered",
    });
    const { itemId } = await offeredItem();
    await expect(c.call("createListing", body(itemId, 5000, "USD"), as(provider))).rejects.toMatchObject({
      code: "validation-failed",
      extensions: { errors: { "body.price.currency": [expect.any(String)] } },
    });
    // base 1000, fee 10%: 1111 leaves 0 (fee 111), 1110 leaves -1 (fee 111)
    await expect(c.call("createListing", body(itemId, 1110), as(provider))).rejects.toMatchObject({
      code: "price-below-base",
    });
    const kept = await c.call("createListing", body(itemId, 1111), as(provider));
    await expect(c.call("createListing", body(itemId, 5000), as(admin))).rejects.toMatchObject({
      code: "forbidden",
    });

    await announceItem(itemId, itemUnpublishedV1.type, { status: "unpublished" });
    await expect(c.call("createListing", body(itemId, 5000), as(provider))).rejects.toMatchObject({
      code: "invalid-state",
      extensions: { state: "unpublished" },
    });
    await expect(
      c.call("createOffering", { instanceId, marketplaceItemId: itemId }, as(admin)),
    ).rejects.toMatchObject({
      code: "invalid-state",
    });
    const current = await c.call(
      "getCurrentListing",
      { marketplaceItemId: itemId, marketplaceInstanceId: instanceId },
      as(provider),
    );
    expect(current).toMatchObject({ id: kept.id, disabled: false });
  });

  it("appends visibility states even when unchanged, bumping the version each time", async () => {
    const { itemId } = await offeredItem();
    const listing = await c.call(
      "createListing",
      { marketplaceItemId: itemId, marketplaceInstanceId: instanceId, price: price(2000) },
      as(provider),
    );
    await c.call("setListingVisibility", { listingId: listing.id, visibility: "private" }, as(provider));
    await c.call(
      "setListingVisibility",
      { listingId: listing.id.toUpperCase(), visibility: "private" },
      as(provider),
    );
    const series = await c.call(
      "listListingVisibility",
      { listingId: listing.id, direction: "asc" },
      as(provider),
    );
    expect(series.items.map((s) => s.visibility)).toEqual(["public", "private", "private"]);
    expect(series.items.every((s) => s.setBy === provider.subject)).toBe(true);
    expect(await outboxOf(listing.id)).toEqual([
      ["listings.listing.created.v1", 1],
      ["listings.listing.visibility-set.v1", 2],
      ["listings.listing.visibility-set.v1", 3],
    ]);
    await expect(
      c.call("setListingVisibility", { listingId: listing.id, visibility: "public" }, as(otherProvider)),
    ).rejects.toMatchObject({ code: "not-found" });
    await expect(
      c.call("listListingVisibility", { listingId: listing.id }, as(otherProvider)),
    ).rejects.toMatchObject({
      code: "not-found",
    });
    await expect(
      c.call("setListingVisibility", { listingId: listing.id, visibility: "hidden" }, as(provider)),
    ).rejects.toMatchObject({ code: "validation-failed" });
  });

  it("disables an offering's listings when it is withdrawn, and withdraws offerings of a retired item", async () => {
    const withdrawnCase = await offeredItem();
    const listing = await c.call(
      "createListing",
      { marketplaceItemId: withdrawnCase.itemId, marketplaceInstanceId: instanceId, price: price(3000) },
      as(provider),
    );
    await c.call("withdrawOffering", { instanceId, offeringId: withdrawnCase.offering.id }, as(admin));
    const disabled = await c.call(
      "getCurrentListing",
      { marketplaceItemId: withdrawnCase.itemId, marketplaceInstanceId: instanceId },
      as(provider),
    );
    expect(disabled).toMatchObject({ id: listing.id, disabled: true });
    expect(disabled.supersededAt).toBeUndefined();
    expect(await outboxOf(listing.id)).toEqual([
      ["listings.listing.created.v1", 1],
      ["listings.listing.disabled.v1", 2],
    ]);
    const onlyDisabled = await c.call(
      "listListings",
      { disabled: true, page: 1, pageSize: 100 },
      as(provider),
    );
    expect(onlyDisabled.items.map((s) => s.id)).toContain(listing.id);
    expect(onlyDisabled.items.every((s) => s.disabled)).toBe(true);
    const onlyEnabled = await c.call(
      "listListings",
      { disabled: false, page: 1, pageSize: 100 },
      as(provider),
    );
    expect(onlyEnabled.items.map((s) => s.id)).not.toContain(listing.id);
    expect(onlyEnabled.items.length).toBeGreaterThan(0);
    const unfiltered = await c.call("listListings", { page: 1, pageSize: 100 }, as(provider));
    expect(unfiltered.items.map((s) => s.id)).toContain(listing.id);
    expect(unfiltered.totalCount).toBe(onlyDisabled.totalCount + onlyEnabled.totalCount);

    const retiredCase = await offeredItem();
    const retiredListing = await c.call(
      "createListing",
      { marketplaceItemId: retiredCase.itemId, marketplaceInstanceId: instanceId, price: price(3000) },
      as(provider),
    );
    await announceItem(retiredCase.itemId, itemRetiredV1.type, { status: "retired" });
    const offerings = await c.call("listOfferings", { instanceId, page: 1, pageSize: 100 }, as(admin));
    expect(offerings.items.find((o) => o.id === retiredCase.offering.id)?.withdrawnAt).toBeDefined();
    expect(await outboxOf(retiredCase.offering.id)).toEqual([
      ["listings.offering.offered.v1", 1],
      ["listings.offering.withdrawn.v1", 2],
    ]);
    expect(
      await c.call(
        "getCurrentListing",
        { marketplaceItemId: retiredCase.itemId, marketplaceInstanceId: instanceId },
        as(provider),
      ),
    ).toMatchObject({ id: retiredListing.id, disabled: true });
  });

  it("ignores an item snapshot older than the one applied", async () => {
    const itemId = await publishedItem({ displayName: "First" });
    await announceItem(itemId, itemPublishedV1.type, { displayName: "Newest" });
    const staleId = await publish(itemPublishedV1.type, {
      ...(await snapshotRow(itemId)),
      status: "draft",
      displayName: "Stale",
      version: 1,
    });
    await waitFor(
      async () => {
        const { rows } = await listings.pool.query("SELECT 1 FROM inbox WHERE event_id = $1", [staleId]);
        return rows.length === 1 ? true : undefined;
      },
      { what: "the stale event to be handled" },
    );
    const { rows } = await listings.pool.query(
      "SELECT display_name, status, version FROM known_items WHERE id = $1",
      [itemId],
    );
    expect(rows[0]).toEqual({ display_name: "Newest", status: "published", version: 2 });
  });

  it("re-announces every offering and listing with its current version on request", async () => {
    const { rows } = await listings.pool.query<{ n: number }>(
      "SELECT (SELECT count(*) FROM offerings)::int + (SELECT count(*) FROM listings)::int AS n",
    );
    expect(await listingsService.snapshot?.({ pool: listings.pool, logger: testLogger() })).toBe(rows[0]?.n);
    const mismatched = await listings.pool.query(
      `SELECT o.event_type FROM outbox o LEFT JOIN listings l ON l.id = (o.payload->'data'->>'id')::uuid
         LEFT JOIN offerings f ON f.id = (o.payload->'data'->>'id')::uuid
       WHERE o.event_type LIKE '%.snapshot.v1'
         AND (o.payload->'data'->>'version')::int <> coalesce(l.version, f.version)`,
    );
    expect(mismatched.rows).toEqual([]);
  });
});

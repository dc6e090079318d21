import { ConflictError, NotFoundError } from "@mp/errors";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ListingsClient } from "../../clients";
import {
  buildTestApp,
  createTestKeys,
  fakeCatalogue,
  fakeClients,
  fakeUpstream,
  ORG_A,
  type TestKeys,
} from "../../testing/test-kit";
import type { ZodApp } from "../../zod-app";

const ITEM = "0193A1B2-0000-7000-8000-0000000000A1";
const INSTANCE = "0193a1b2-0000-7000-8000-0000000000b1";
const LISTING = "0193A1B2-0000-7000-8000-0000000000C1";
const listing = {
  id: LISTING,
  marketplaceItemId: ITEM,
  marketplaceInstanceId: INSTANCE.toUpperCase(),
  providerOrganisationId: ORG_A.toUpperCase(),
  price: { amount: "1999", currency: "EUR" },
  visibility: "private",
  disabled: false,
  createdAt: "2026-11-23T11:00:00+01:00",
};
const expectedListing = {
  id: LISTING.toLowerCase(),
  marketplaceItemId: ITEM.toLowerCase(),
  marketplaceInstanceId: INSTANCE,
  providerOrganisationId: ORG_A,
  price: { amount: 1999, currency: "EUR" },
  visibility: "private",
  disabled: false,
  createdAt: "2026-11-23T10:00:00.000Z",
  supersededAt: null,
};
const page = <T>(items: T[]) => ({ items, page: 1, pageSize: 20, totalCount: items.length, totalPages: 1 });

const listings = fakeUpstream<ListingsClient>((method, request) => {
  switch (method) {
    case "createListing":
      if ((request.price as { amount: string }).amount === "1")
        throw new ConflictError("price-below-base", "Too low.");
      return listing;
    case "getCurrentListing":
      throw new NotFoundError("Listing");
    case "listListingHistory":
      return page([{ ...listing, disabled: true, supersededAt: "2026-11-23T12:00:00.000Z" }]);
    case "listListings":
      return page([
        {
          ...listing,
          displayName: "Tracker",
          type: "app",
          iconUrl: "",
          purchaseCount: 0,
        },
      ]);
    case "listListingVisibility":
      return page([{ visibility: "public", setAt: "2026-11-23T10:00:00Z", setBy: "p-1" }]);
    case "createOffering":
      return {
        id: LISTING,
        marketplaceInstanceId: INSTANCE,
        marketplaceItemId: ITEM,
        createdAt: listing.createdAt,
      };
    default:
      return {};
  }
});

let keys: TestKeys;
let app: ZodApp;
const auth = async (role: "provider" | "admin" | "developer") => ({
  authorization: `Bearer ${await keys.token([role])}`,
});

beforeAll(async () => {
  keys = await createTestKeys();
  const catalogue = fakeCatalogue(() => ({})).client;
  app = await buildTestApp({ keys, clients: fakeClients(catalogue, {}, { listings: listings.client }) });
});
afterAll(() => app.close());

describe("provider listing routes", () => {
  it("creates a listing: price amount as int64 text, visibility empty when omitted, the answer normalised", async () => {
    const response = await app.inject({
      method: "POST",
      url: `/marketplace/providers/listings/${ITEM}`,
      headers: await auth("provider"),
      payload: { marketplaceInstanceId: INSTANCE, price: { amount: 1999, currency: "EUR" } },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(expectedListing);
    expect(listings.calls.at(-1)).toMatchObject({
      method: "createListing",
      request: {
        marketplaceItemId: ITEM.toLowerCase(),
        marketplaceInstanceId: INSTANCE,
        price: { amount: "1999", currency: "EUR" },
        visibility: "",
      },
      ctx: { principal: { organisationId: ORG_A } },
    });
  });

  it("refuses a float price, an unknown currency and a wrong role before calling listings", async () => {
    const before = listings.calls.length;
    const url = `/marketplace/providers/listings/${ITEM}`;
    const float = await app.inject({
      method: "POST",
      url,
      headers: await auth("provider"),
      payload: { marketplaceInstanceId: INSTANCE, price: { amount: 19.99, currency: "EUR" } },
    });
    expect(float.statusCode).toBe(400);
    expect(Object.keys(float.json().errors)).toContain("body.price.amount");
    const currency = await app.inject({
      method: "POST",
      url,
      headers: await auth("provider"),
      payload: { marketplaceInstanceId: INSTANCE, price: { amount: 100, currency: "XXX" } },
    });
    expect(Object.keys(currency.json().errors)).toContain("body.price.currency");
    const developer = await app.inject({
      method: "POST",
      url,
      headers: await auth("developer"),
      payload: { marketplaceInstanceId: INSTANCE, price: { amount: 100, currency: "EUR" } },
    });
    expect(developer.statusCode).toBe(403);
    expect(listings.calls.length).toBe(before);
  });

  it("passes listings' problems through (409 price-below-base, 404 not-found)", async () => {
    const low = await app.inject({
      method: "POST",
      url: `/marketplace/providers/listings/${ITEM}`,
      headers: await auth("provider"),
      payload: { marketplaceInstanceId: INSTANCE, price: { amount: 1, currency: "EUR" } },
    });
    expect(low.statusCode).toBe(409);
    expect(low.json().code).toBe("price-below-base");
    const none = await app.inject({
      url: `/marketplace/providers/listings/${ITEM}?marketplaceInstanceId=${INSTANCE}`,
      headers: await auth("provider"),
    });
    expect(none.statusCode).toBe(404);
    expect(listings.calls.at(-1)?.request).toEqual({
      marketplaceItemId: ITEM.toLowerCase(),
      marketplaceInstanceId: INSTANCE,
    });
  });

  it("lists summaries with the filters passed, a missing icon as null", async () => {
    const response = await app.inject({
      url: "/marketplace/providers/listings?disabled=false&type=app&search=track&orderBy=price&direction=asc",
      headers: await auth("provider"),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().items[0]).toEqual({
      id: LISTING.toLowerCase(),
      marketplaceItemId: ITEM.toLowerCase(),
      marketplaceInstanceId: INSTANCE,
      displayName: "Tracker",
      type: "app",
      iconUrl: null,
      price: { amount: 1999, currency: "EUR" },
      visibility: "private",
      disabled: false,
      purchaseCount: 0,
      createdAt: "2026-11-23T10:00:00.000Z",
    });
    expect(listings.calls.at(-1)?.request).toEqual({
      disabled: false,
      marketplaceInstanceId: "",
      type: "app",
      search: "track",
      page: 1,
      pageSize: 20,
      orderBy: "price",
      direction: "asc",
    });
    await app.inject({ url: "/marketplace/providers/listings", headers: await auth("provider") });
    expect(listings.calls.at(-1)?.request).not.toHaveProperty("disabled");
  });

  it("reads history and the visibility series, and sets visibility with 204", async () => {
    const history = await app.inject({
      url: `/marketplace/providers/listings/${ITEM}/history?marketplaceInstanceId=${INSTANCE}`,
      headers: await auth("provider"),
    });
    expect(history.json().items[0]).toMatchObject({
      disabled: true,
      supersededAt: "2026-11-23T12:00:00.000Z",
    });
    const set = await app.inject({
      method: "POST",
      url: `/marketplace/providers/listings/${LISTING}/visibility`,
      headers: await auth("provider"),
      payload: { visibility: "public" },
    });
    expect(set.statusCode).toBe(204);
    expect(listings.calls.at(-1)?.request).toEqual({
      listingId: LISTING.toLowerCase(),
      visibility: "public",
    });
    const series = await app.inject({
      url: `/marketplace/providers/listings/${LISTING}/visibility`,
      headers: await auth("provider"),
    });
    expect(series.json().items).toEqual([
      { visibility: "public", setAt: "2026-11-23T10:00:00.000Z", setBy: "p-1" },
    ]);
    expect(listings.calls.at(-1)?.request).toMatchObject({
      listingId: LISTING.toLowerCase(),
      orderBy: "setAt",
    });
  });
});

describe("offering routes", () => {
  it("offers as an admin and withdraws with 204; a provider is forbidden", async () => {
    const offered = await app.inject({
      method: "POST",
      url: `/marketplace/instances/${INSTANCE}/offerings`,
      headers: await auth("admin"),
      payload: { marketplaceItemId: ITEM },
    });
    expect(offered.statusCode).toBe(200);
    expect(offered.json()).toEqual({
      id: LISTING.toLowerCase(),
      marketplaceInstanceId: INSTANCE,
      marketplaceItemId: ITEM.toLowerCase(),
      createdAt: "2026-11-23T10:00:00.000Z",
      withdrawnAt: null,
    });
    const withdrawn = await app.inject({
      method: "DELETE",
      url: `/marketplace/instances/${INSTANCE}/offerings/${LISTING}`,
      headers: await auth("admin"),
    });
    expect(withdrawn.statusCode).toBe(204);
    expect(listings.calls.at(-1)).toMatchObject({
      method: "withdrawOffering",
      request: { instanceId: INSTANCE, offeringId: LISTING.toLowerCase() },
    });
    const provider = await app.inject({
      method: "POST",
      url: `/marketplace/instances/${INSTANCE}/offerings`,
      headers: await auth("provider"),
      payload: { marketplaceItemId: ITEM },
    });
    expect(provider.statusCode).toBe(403);
  });
});

import { describe, expect, it } from "vitest";
import {
  ctxOf,
  EARLIER,
  fakeStore,
  INSTANCE,
  ITEM,
  instanceOf,
  itemOf,
  type LogLine,
  listingOf,
  NOW,
  OTHER_INSTANCE,
  OTHER_ORG,
  offeringOf,
  principal,
} from "../testing/fakes";
import { type CreateListingRequest, makeCreateListing } from "./create-listing";

const provider = principal(["provider"]);
const request = (over: Partial<CreateListingRequest> = {}): CreateListingRequest => ({
  marketplaceItemId: ITEM,
  marketplaceInstanceId: INSTANCE,
  price: { amount: 1500, currency: "EUR" },
  visibility: "",
  ...over,
});

/** A published item with a base price of 10.00 EUR, offered in an instance taking a 10 % fee. */
function world(seed: Parameters<typeof fakeStore>[0] = {}) {
  const store = fakeStore({ items: [itemOf()], offerings: [offeringOf()], ...seed });
  return { ...store, create: makeCreateListing(store.deps) };
}

const fieldsOf = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toMatchObject({ code: "validation-failed" });
  return Object.keys((error as { errors: Record<string, string[]> }).errors).sort();
};

describe("createListing: the request", () => {
  it("names every invalid field at once, and stores nothing", async () => {
    const w = world();
    const bad = request({
      marketplaceItemId: "item",
      marketplaceInstanceId: "instance",
      price: { amount: 10.5, currency: "XXX" },
      visibility: "hidden",
    });
    expect(await fieldsOf(w.create(bad, ctxOf(provider)))).toEqual([
      "body.marketplaceInstanceId",
      "body.price.amount",
      "body.price.currency",
      "body.visibility",
      "path.marketplaceItemId",
    ]);
    expect(w.rows().listings).toEqual([]);
    expect(w.events).toEqual([]);
  });

  it.each([
    ["a missing price", { price: null }, "body.price"],
    ["a negative amount", { price: { amount: -1, currency: "EUR" } }, "body.price.amount"],
    ["an amount past 2^53", { price: { amount: 2 ** 53, currency: "EUR" } }, "body.price.amount"],
    ["a lower-case currency", { price: { amount: 1500, currency: "eur" } }, "body.price.currency"],
    ["an unknown visibility", { visibility: "Public" }, "body.visibility"],
    [
      "an instance id that is no guid",
      { marketplaceInstanceId: `${INSTANCE}x` },
      "body.marketplaceInstanceId",
    ],
  ] as const)("refuses %s naming only %s", async (_what, over, field) => {
    const w = world();
    expect(await fieldsOf(w.create(request(over), ctxOf(provider)))).toEqual([field]);
  });

  it("says what is wrong with each field", async () => {
    const w = world();
    await expect(w.create(request({ price: null }), ctxOf(provider))).rejects.toMatchObject({
      errors: { "body.price": ["is required"] },
    });
    await expect(
      w.create(request({ price: { amount: -1, currency: "XXX" }, visibility: "x" }), ctxOf(provider)),
    ).rejects.toMatchObject({
      errors: {
        "body.price.amount": ["must be an integer >= 0 in the currency's minor unit"],
        "body.price.currency": ["must be a supported ISO 4217 code"],
        "body.visibility": ["must be public or private"],
      },
    });
    await expect(
      w.create(request({ marketplaceItemId: "x", marketplaceInstanceId: "y" }), ctxOf(provider)),
    ).rejects.toMatchObject({
      errors: {
        "path.marketplaceItemId": ["must be a guid"],
        "body.marketplaceInstanceId": ["must be a guid"],
      },
    });
  });

  it("needs a provider: no principal is unauthenticated, another role forbidden", async () => {
    const w = world();
    await expect(w.create(request(), ctxOf(undefined))).rejects.toMatchObject({ code: "unauthenticated" });
    await expect(w.create(request(), ctxOf(principal(["admin", "developer"])))).rejects.toMatchObject({
      code: "forbidden",
    });
    expect(w.events).toEqual([]);
  });
});

describe("createListing: the item, the offering and the price", () => {
  it("answers not-found for an instance nobody created, before looking at the item", async () => {
    const w = world();
    await expect(
      w.create(request({ marketplaceInstanceId: OTHER_INSTANCE }), ctxOf(provider)),
    ).rejects.toMatchObject({ code: "not-found", message: "Marketplace instance was not found." });
    expect(w.calls.locked).toEqual([]);
  });

  it("answers not-found for an unknown item, invalid-state for one not published", async () => {
    await expect(world({ items: [] }).create(request(), ctxOf(provider))).rejects.toMatchObject({
      code: "not-found",
      message: "Marketplace item was not found.",
    });
    await expect(
      world({ items: [itemOf({ status: "unpublished" })] }).create(request(), ctxOf(provider)),
    ).rejects.toMatchObject({
      code: "invalid-state",
      message: "Only a published item can be listed; it is unpublished.",
      extensions: { state: "unpublished" },
    });
  });

  it("refuses an item not offered in that instance (withdrawn, or offered elsewhere) as not-offered", async () => {
    const elsewhere = world({
      instances: [instanceOf(), instanceOf({ id: OTHER_INSTANCE })],
      offerings: [offeringOf({ marketplaceInstanceId: OTHER_INSTANCE })],
    });
    await expect(elsewhere.create(request(), ctxOf(provider))).rejects.toMatchObject({
      code: "not-offered",
      message: "The instance's admin has not offered this item there.",
    });
    const withdrawn = world({ offerings: [offeringOf({ withdrawnAt: EARLIER, version: 2 })] });
    await expect(withdrawn.create(request(), ctxOf(provider))).rejects.toMatchObject({ code: "not-offered" });
  });

  it("refuses an offered item that has no base price as not-offered", async () => {
    const w = world({ items: [itemOf({ basePrice: null })] });
    await expect(w.create(request(), ctxOf(provider))).rejects.toMatchObject({ code: "not-offered" });
  });

  it("checks the price against the base price with the instance's own fee", async () => {
    // Base 10.00, fee 20 %: 12.49 leaves -0.01 (fee 2.50), 12.50 leaves exactly 0.
    const w = world({ instances: [instanceOf({ platformFeeBps: 2000 })] });
    await expect(
      w.create(request({ price: { amount: 1249, currency: "EUR" } }), ctxOf(provider)),
    ).rejects.toMatchObject({
      code: "price-below-base",
      extensions: { basePrice: { amount: 1000, currency: "EUR" }, platformFeeBps: 2000 },
    });
    expect(w.rows().listings).toEqual([]);
    const listing = await w.create(request({ price: { amount: 1250, currency: "EUR" } }), ctxOf(provider));
    expect(listing.price).toEqual({ amount: 1250, currency: "EUR" });
  });

  it("refuses a supported currency other than the base price's, naming body.price.currency", async () => {
    const w = world();
    await expect(
      w.create(request({ price: { amount: 5000, currency: "USD" } }), ctxOf(provider)),
    ).rejects.toMatchObject({
      code: "validation-failed",
      errors: { "body.price.currency": [expect.any(String)] },
    });
  });

  it("lists a free item for nothing", async () => {
    const w = world({ items: [itemOf({ basePrice: { amount: 0, currency: "EUR" } })] });
    const listing = await w.create(request({ price: { amount: 0, currency: "EUR" } }), ctxOf(provider));
    expect(listing.price.amount).toBe(0);
  });
});

describe("createListing: what it stores and announces", () => {
  it("creates version 1 for the caller's organisation, ids lower-cased, public by default", async () => {
    const w = world();
    const logs: LogLine[] = [];
    const upper = principal(["provider"], provider.organisationId.toUpperCase());
    const listing = await w.create(
      request({
        marketplaceItemId: ITEM.toUpperCase(),
        marketplaceInstanceId: INSTANCE.toUpperCase(),
        price: { amount: 1500, currency: "EUR", extra: true } as CreateListingRequest["price"],
      }),
      ctxOf(upper, logs),
    );
    const expected = {
      id: "0193a1b2-0000-7000-8000-000000000001",
      marketplaceItemId: ITEM,
      marketplaceInstanceId: INSTANCE,
      providerOrganisationId: provider.organisationId,
      offeringId: offeringOf().id,
      price: { amount: 1500, currency: "EUR" },
      visibility: "public",
      disabled: false,
      createdAt: NOW,
      supersededAt: null,
      version: 1,
    };
    expect(listing).toEqual(expected);
    expect(w.rows().listings).toEqual([expected]);
    expect(w.rows().visibility).toEqual([
      { listingId: expected.id, visibility: "public", setAt: NOW, setBy: upper.subject },
    ]);
    expect(w.calls.locked).toEqual([ITEM]);
    expect(w.events).toHaveLength(1);
    expect(w.events[0]).toMatchObject({
      type: "listings.listing.created.v1",
      source: "listings",
      occurredAt: NOW.toISOString(),
      data: {
        id: expected.id,
        marketplaceItemId: ITEM,
        marketplaceInstanceId: INSTANCE,
        providerOrganisationId: provider.organisationId,
        price: { amount: 1500, currency: "EUR" },
        visibility: "public",
        disabled: false,
        createdAt: NOW.toISOString(),
        supersededAt: null,
        occurredAt: NOW.toISOString(),
        version: 1,
      },
    });
    expect(logs).toEqual([
      {
        level: "info",
        fields: { listingId: expected.id, itemId: ITEM, supersedes: undefined },
        message: "listing created",
      },
    ]);
  });

  it("keeps a private visibility asked for", async () => {
    const w = world();
    const listing = await w.create(request({ visibility: "private" }), ctxOf(provider));
    expect(listing.visibility).toBe("private");
    expect(w.rows().visibility[0]?.visibility).toBe("private");
    expect(w.events[0]?.data).toMatchObject({ visibility: "private" });
  });

  it("supersedes the caller's current listing: disabled into history, announced before the new one", async () => {
    const previous = listingOf({ version: 3 });
    const othersListing = listingOf({
      id: "0193a1b2-0000-7000-8000-0000000001b1",
      providerOrganisationId: OTHER_ORG,
    });
    const w = world({ listings: [previous, othersListing] });
    const logs: LogLine[] = [];
    const listing = await w.create(
      request({ price: { amount: 2000, currency: "EUR" } }),
      ctxOf(provider, logs),
    );
    const superseded = { ...previous, disabled: true, supersededAt: NOW, version: 4 };
    expect(w.rows().listings).toEqual([superseded, othersListing, listing]);
    expect(w.events.map((e) => e.type)).toEqual([
      "listings.listing.disabled.v1",
      "listings.listing.created.v1",
    ]);
    expect(w.events[0]?.data).toMatchObject({
      id: previous.id,
      disabled: true,
      supersededAt: NOW.toISOString(),
      createdAt: EARLIER.toISOString(),
      version: 4,
    });
    expect(logs[0]?.fields).toMatchObject({ listingId: listing.id, supersedes: previous.id });
  });

  it("creates once per request id: a repeat answers the first listing; other values are request-id-reused", async () => {
    const w = world();
    const ctx = ctxOf(provider);
    const first = await w.create(request(), ctx);
    expect(await w.create(request(), ctx)).toEqual(first);
    expect(w.rows().listings).toEqual([first]);
    expect(w.events.map((e) => e.type)).toEqual(["listings.listing.created.v1"]);
    await expect(w.create(request({ price: { amount: 1600, currency: "EUR" } }), ctx)).rejects.toMatchObject({
      code: "request-id-reused",
      extensions: { listingId: first.id },
    });
    // A new request id creates anew, superseding the first.
    const second = await w.create(request(), ctxOf(provider));
    expect(second.id).not.toBe(first.id);
    expect(w.rows().listings.map((l) => l.id)).toEqual([first.id, second.id]);
  });

  it("a refused price leaves the current listing as it is and announces nothing", async () => {
    const previous = listingOf();
    const w = world({ listings: [previous] });
    await expect(
      w.create(request({ price: { amount: 100, currency: "EUR" } }), ctxOf(provider)),
    ).rejects.toMatchObject({ code: "price-below-base" });
    expect(w.rows().listings).toEqual([previous]);
    expect(w.events).toEqual([]);
  });
});

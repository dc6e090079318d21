import type { RawPageQuery } from "@mp/db";
import { describe, expect, it } from "vitest";
import {
  ctxOf,
  EARLIER,
  fakeStore,
  INSTANCE,
  ITEM,
  itemOf,
  listingOf,
  OTHER_ORG,
  principal,
} from "../testing/fakes";
import {
  makeGetCurrentListing,
  makeListListingHistory,
  makeListListings,
  makeListVisibility,
  parseListListings,
  type RawListListings,
} from "./listing-queries";

const provider = principal(["provider"]);
const noPage: RawPageQuery = { page: 0, pageSize: 0, orderBy: "", direction: "" };
const rawList = (over: Partial<RawListListings> = {}): RawListListings => ({
  ...noPage,
  marketplaceInstanceId: "",
  type: "",
  search: "",
  ...over,
});
const fieldsOf = (work: () => unknown) => {
  try {
    work();
  } catch (error) {
    return Object.keys((error as { errors: object }).errors);
  }
  return [];
};

describe("parseListListings", () => {
  it("sets no filter for absent and empty values, and pages by createdAt, newest first", () => {
    expect(parseListListings(rawList())).toEqual({
      page: 1,
      pageSize: 20,
      orderBy: "createdAt",
      direction: "desc",
    });
    expect(parseListListings(rawList({ search: "   " }))).not.toHaveProperty("search");
    // Absent, not `disabled: undefined`: the query type has no room for an undefined filter.
    expect(parseListListings(rawList())).not.toHaveProperty("disabled");
  });

  it("keeps each filter, the instance id lower-cased and the search trimmed", () => {
    expect(
      parseListListings(
        rawList({
          disabled: false,
          marketplaceInstanceId: INSTANCE.toUpperCase(),
          type: "algorithm",
          search: " thermo ",
        }),
      ),
    ).toEqual({
      page: 1,
      pageSize: 20,
      orderBy: "createdAt",
      direction: "desc",
      disabled: false,
      marketplaceInstanceId: INSTANCE,
      type: "algorithm",
      search: "thermo",
    });
    expect(parseListListings(rawList({ disabled: true })).disabled).toBe(true);
  });

  it.each(["createdAt", "displayName", "price", "purchaseCount"])("orders by %s", (orderBy) => {
    expect(parseListListings(rawList({ orderBy, direction: "asc" }))).toMatchObject({
      orderBy,
      direction: "asc",
    });
  });

  it("refuses another order, naming query.orderBy", () => {
    expect(fieldsOf(() => parseListListings(rawList({ orderBy: "supersededAt" })))).toEqual([
      "query.orderBy",
    ]);
  });

  it("names each invalid filter", () => {
    expect(
      fieldsOf(() =>
        parseListListings(rawList({ marketplaceInstanceId: "x", type: "game", search: "a".repeat(201) })),
      ),
    ).toEqual(["query.marketplaceInstanceId", "query.type", "query.search"]);
    expect(() => parseListListings(rawList({ type: "App" }))).toThrow(
      expect.objectContaining({ errors: { "query.type": ["must be app or algorithm"] } }),
    );
    expect(() => parseListListings(rawList({ marketplaceInstanceId: "x" }))).toThrow(
      expect.objectContaining({ errors: { "query.marketplaceInstanceId": ["must be a guid"] } }),
    );
  });

  it("allows a search of 200 characters, counted after trimming", () => {
    expect(parseListListings(rawList({ search: ` ${"a".repeat(200)} ` })).search).toHaveLength(200);
    expect(() => parseListListings(rawList({ search: "a".repeat(201) }))).toThrow(
      expect.objectContaining({ errors: { "query.search": ["must be at most 200 characters"] } }),
    );
  });
});

describe("listListings", () => {
  const icon = "0193a1b2-0000-7000-8000-0000000000d1";
  const secondItem = "0193a1b2-0000-7000-8000-0000000000c2";
  const unknownIcon = "0193a1b2-0000-7000-8000-0000000000d9";

  it("pages the caller's listings with one icon request for the page, distinct ids", async () => {
    const store = fakeStore({
      items: [
        itemOf({ iconAssetId: icon }),
        itemOf({ id: secondItem, iconAssetId: icon, displayName: "Second", type: "algorithm" }),
      ],
      listings: [
        listingOf(),
        listingOf({ id: "0193a1b2-0000-7000-8000-0000000001a2", marketplaceItemId: secondItem }),
        listingOf({ id: "0193a1b2-0000-7000-8000-0000000001a3", providerOrganisationId: OTHER_ORG }),
      ],
      icons: { [icon]: "https://store/icon.png" },
    });
    const list = makeListListings(store.deps);
    const upper = principal(["provider"], provider.organisationId.toUpperCase());
    const page = await list(rawList({ type: "app" }), ctxOf(upper));
    expect(store.calls.iconRequests).toEqual([[icon]]);
    expect(store.calls.listQueries).toEqual([
      {
        providerOrganisationId: provider.organisationId,
        query: { page: 1, pageSize: 20, orderBy: "createdAt", direction: "desc", type: "app" },
      },
    ]);
    expect(page).toMatchObject({ page: 1, pageSize: 20, totalCount: 2, totalPages: 1 });
    expect(page.items).toEqual([
      {
        listing: listingOf(),
        displayName: "Thermo",
        type: "app",
        iconAssetId: icon,
        iconUrl: "https://store/icon.png",
        purchaseCount: 0,
      },
      expect.objectContaining({ displayName: "Second", iconUrl: "https://store/icon.png", purchaseCount: 0 }),
    ]);
  });

  it("asks for no icons when the page has none, and shows null for an icon the store does not know", async () => {
    const bare = fakeStore({ items: [itemOf()], listings: [listingOf()] });
    const page = await makeListListings(bare.deps)(rawList(), ctxOf(provider));
    expect(bare.calls.iconRequests).toEqual([]);
    expect(page.items[0]?.iconUrl).toBeNull();
    const unknown = fakeStore({ items: [itemOf({ iconAssetId: unknownIcon })], listings: [listingOf()] });
    const shown = await makeListListings(unknown.deps)(rawList(), ctxOf(provider));
    expect(unknown.calls.iconRequests).toEqual([[unknownIcon]]);
    expect(shown.items[0]?.iconUrl).toBeNull();
  });

  it("needs the provider role and valid filters before asking the repository", async () => {
    const store = fakeStore({});
    const list = makeListListings(store.deps);
    await expect(list(rawList(), ctxOf(principal(["admin"])))).rejects.toMatchObject({ code: "forbidden" });
    await expect(list(rawList({ type: "x" }), ctxOf(provider))).rejects.toMatchObject({
      code: "validation-failed",
    });
    expect(store.calls.listQueries).toEqual([]);
  });
});

describe("current listing, history and visibility series", () => {
  const current = listingOf({ version: 3 });
  const old = listingOf({
    id: "0193a1b2-0000-7000-8000-0000000001a0",
    disabled: true,
    supersededAt: EARLIER,
    version: 2,
  });
  const store = () => fakeStore({ items: [itemOf()], listings: [old, current] });
  const key = { marketplaceItemId: ITEM.toUpperCase(), marketplaceInstanceId: INSTANCE.toUpperCase() };

  it("finds the caller's current listing by lower-cased ids; another organisation gets not-found", async () => {
    const get = makeGetCurrentListing(store().deps);
    const upper = principal(["provider"], provider.organisationId.toUpperCase());
    await expect(get(key, ctxOf(upper))).resolves.toEqual(current);
    await expect(get(key, ctxOf(principal(["provider"], OTHER_ORG)))).rejects.toMatchObject({
      code: "not-found",
      message: "Listing was not found.",
    });
    await expect(get(key, ctxOf(principal(["developer"])))).rejects.toMatchObject({ code: "forbidden" });
  });

  it("names both ids when neither is a guid", async () => {
    const get = makeGetCurrentListing(store().deps);
    await expect(
      get({ marketplaceItemId: "a", marketplaceInstanceId: "b" }, ctxOf(provider)),
    ).rejects.toMatchObject({
      errors: {
        "path.marketplaceItemId": ["must be a guid"],
        "query.marketplaceInstanceId": ["must be a guid"],
      },
    });
    await expect(get({ ...key, marketplaceItemId: "a" }, ctxOf(provider))).rejects.toMatchObject({
      errors: { "path.marketplaceItemId": expect.any(Array) },
    });
    const onlyInstance = await get({ ...key, marketplaceInstanceId: "b" }, ctxOf(provider)).catch(
      (e: unknown) => e,
    );
    expect(Object.keys((onlyInstance as { errors: object }).errors)).toEqual(["query.marketplaceInstanceId"]);
  });

  it("pages the superseded listings, ordered by supersededAt when asked; an unknown item is not-found", async () => {
    const s = store();
    const history = makeListListingHistory(s.deps);
    const page = await history({ ...key, ...noPage, orderBy: "supersededAt" }, ctxOf(provider));
    expect(page.items).toEqual([old]);
    expect(s.calls.historyQueries).toEqual([
      {
        key: { providerOrganisationId: provider.organisationId, itemId: ITEM, instanceId: INSTANCE },
        query: { page: 1, pageSize: 20, orderBy: "supersededAt", direction: "desc" },
      },
    ]);
    await expect(history({ ...key, ...noPage, orderBy: "price" }, ctxOf(provider))).rejects.toMatchObject({
      errors: { "query.orderBy": expect.any(Array) },
    });
    const none = fakeStore({ listings: [old] });
    await expect(
      makeListListingHistory(none.deps)({ ...key, ...noPage }, ctxOf(provider)),
    ).rejects.toMatchObject({
      code: "not-found",
      message: "Marketplace item was not found.",
    });
    expect(none.calls.historyQueries).toEqual([]);
    await expect(history({ ...key, ...noPage }, ctxOf(principal(["admin"])))).rejects.toMatchObject({
      code: "forbidden",
    });
  });

  it("pages a listing's visibility states by setAt; another organisation's listing is not-found", async () => {
    const s = store();
    await appendPrivateState(s);
    const visibility = makeListVisibility(s.deps);
    const page = await visibility({ ...noPage, listingId: current.id.toUpperCase() }, ctxOf(provider));
    expect(page.items).toEqual([expect.objectContaining({ visibility: "private" })]);
    expect(s.calls.visibilityQueries).toEqual([
      { listingId: current.id, query: { page: 1, pageSize: 20, orderBy: "setAt", direction: "desc" } },
    ]);
    await visibility({ ...noPage, listingId: current.id, direction: "asc" }, ctxOf(provider));
    expect(s.calls.visibilityQueries[1]?.query.direction).toBe("asc");
    await expect(
      visibility({ ...noPage, listingId: current.id, orderBy: "createdAt" }, ctxOf(provider)),
    ).rejects.toMatchObject({ errors: { "query.orderBy": expect.any(Array) } });
    await expect(
      visibility({ ...noPage, listingId: current.id }, ctxOf(principal(["provider"], OTHER_ORG))),
    ).rejects.toMatchObject({ code: "not-found", message: "Listing was not found." });
    await expect(visibility({ ...noPage, listingId: "x" }, ctxOf(provider))).rejects.toMatchObject({
      errors: { "path.id": ["must be a guid"] },
    });
    await expect(
      visibility({ ...noPage, listingId: current.id }, ctxOf(principal(["admin"]))),
    ).rejects.toMatchObject({ code: "forbidden" });
    expect(s.calls.visibilityQueries).toHaveLength(2);
  });
});

/** One visibility state for the current listing, appended as the use case would. */
async function appendPrivateState(store: ReturnType<typeof fakeStore>) {
  await store.deps.unitOfWork.run((tx) =>
    store.deps.listings.appendVisibility(tx, listingOf().id, {
      visibility: "private",
      setAt: EARLIER,
      setBy: "someone",
    }),
  );
}

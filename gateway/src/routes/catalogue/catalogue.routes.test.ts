import { NotFoundError, ValidationError } from "@mp/errors";
import { describe, expect, it } from "vitest";
import type { CatalogueItemsClient } from "../../clients";
import {
  expectProblem,
  fakeCatalogue,
  fakeClients,
  fakeUpstream,
  notFoundCatalogue,
  ORG_A,
  useTestApp,
} from "../../testing/test-kit";

const ITEM = "0193A1B2-0000-7000-8000-0000000000C1";
const INSTANCE = "0193a1b2-0000-7000-8000-0000000000b1";
const storefront = {
  id: ITEM,
  type: "app",
  organisationId: ORG_A.toUpperCase(),
  marketplaceInstanceId: INSTANCE.toUpperCase(),
  createdAt: "2026-11-22T11:00:00+01:00",
  displayName: "Pump monitor",
  images: [
    {
      assetId: "0193A1B2-0000-7000-8000-0000000000F1",
      position: 0,
      url: "https://s3.test/a?sig",
      width: 640,
      height: 480,
      mimeType: "image/png",
    },
  ],
  iconUrl: "https://s3.test/icon?sig",
  latestVersion: "1.0.0+00000001",
};
const money = (amount: number) => ({ amount: String(amount), currency: "EUR" });
const listed = {
  item: storefront,
  fromPrice: money(1200),
  listings: [
    { listingId: "0193A1B2-0000-7000-8000-0000000000E1", providerOrganisationId: ORG_A, price: money(1200) },
  ],
};
const offered = {
  item: storefront,
  basePrice: money(1000),
  releases: [
    {
      id: "0193A1B2-0000-7000-8000-0000000000D1",
      marketplaceItemId: ITEM,
      infuseIotReleaseId: "rel-1",
      version: "1.0.0+00000001",
      board: { id: "b", name: "Board", target: "nrf" },
      sizeBytes: "2048",
      sha256: "a".repeat(64),
      status: "available",
      createdAt: "2026-11-22T10:00:00Z",
    },
  ],
  offeredAt: "2026-11-22T12:00:00Z",
  listed: true,
};
const page = (items: unknown[]) => ({
  items,
  page: 1,
  pageSize: 20,
  totalCount: items.length,
  totalPages: 1,
});

let answer: (method: string, request: Record<string, unknown>) => unknown;
const { client, calls } = fakeUpstream<CatalogueItemsClient>((method, request) => answer(method, request));

const gateway = useTestApp({
  clients: fakeClients(fakeCatalogue(notFoundCatalogue).client, {}, { catalogueItems: client }),
});

const get = async (url: string, roles: ("developer" | "provider" | "admin")[] = []) =>
  gateway.app.inject({ url, headers: { authorization: `Bearer ${await gateway.keys.token(roles)}` } });

const publicView = {
  id: ITEM.toLowerCase(),
  type: "app",
  organisationId: ORG_A,
  marketplaceInstanceId: INSTANCE,
  createdAt: "2026-11-22T10:00:00.000Z",
  displayName: "Pump monitor",
  description: null,
  iconUrl: "https://s3.test/icon?sig",
  images: [
    {
      assetId: "0193a1b2-0000-7000-8000-0000000000f1",
      position: 0,
      url: "https://s3.test/a?sig",
      width: 640,
      height: 480,
      mimeType: "image/png",
    },
  ],
  licenseUrl: null,
  eulaUrl: null,
  latestVersion: "1.0.0+00000001",
};

describe("the public catalogue", () => {
  it("lists listed items for any authenticated caller, filters and order passed upstream", async () => {
    answer = () => page([listed]);
    const response = await get(
      `/marketplace/marketplace-items?marketplaceInstanceId=${INSTANCE.toUpperCase()}&type=app&search=%20pump%20&pageSize=5`,
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      ...page([
        {
          ...publicView,
          fromPrice: { amount: 1200, currency: "EUR" },
          listings: [
            {
              listingId: "0193a1b2-0000-7000-8000-0000000000e1",
              providerOrganisationId: ORG_A,
              price: { amount: 1200, currency: "EUR" },
            },
          ],
        },
      ]),
    });
    expect(calls.at(-1)).toMatchObject({
      method: "listListedItems",
      request: {
        marketplaceInstanceId: INSTANCE,
        type: "app",
        search: "pump",
        page: 1,
        pageSize: 5,
        orderBy: "",
        direction: "desc",
      },
      ctx: { principal: { organisationId: ORG_A, roles: [] } },
    });
  });

  it("refuses bad queries with the field named, before calling upstream", async () => {
    const before = calls.length;
    for (const [query, field] of [
      ["type=widget", "query.type"],
      ["orderBy=popularity", "query.orderBy"],
      ["pageSize=101", "query.pageSize"],
      ["marketplaceInstanceId=nope", "query.marketplaceInstanceId"],
    ] as const) {
      const problem = expectProblem(
        await get(`/marketplace/marketplace-items?${query}`),
        400,
        "validation-failed",
      );
      expect(Object.keys(problem.errors ?? {})).toContain(field);
    }
    expect(calls.length).toBe(before);
  });

  it("answers the catalogue's own validation (relevance without search) as a 400 naming the field", async () => {
    answer = () => {
      throw new ValidationError({ "query.orderBy": ["relevance needs a search"] });
    };
    const problem = expectProblem(
      await get("/marketplace/marketplace-items?orderBy=relevance"),
      400,
      "validation-failed",
    );
    expect(problem.errors).toEqual({ "query.orderBy": ["relevance needs a search"] });
  });

  it("reads one listed item of an instance, 404 when not listed, 400 without the instance", async () => {
    answer = () => listed;
    const ok = await get(`/marketplace/marketplace-items/${ITEM}?marketplaceInstanceId=${INSTANCE}`);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ ...publicView, fromPrice: { amount: 1200, currency: "EUR" } });
    expect(calls.at(-1)).toMatchObject({
      method: "getListedItem",
      request: { id: ITEM.toLowerCase(), marketplaceInstanceId: INSTANCE },
    });
    answer = () => {
      throw new NotFoundError("Listed item");
    };
    expectProblem(
      await get(`/marketplace/marketplace-items/${ITEM}?marketplaceInstanceId=${INSTANCE}`),
      404,
      "not-found",
    );
    expectProblem(await get(`/marketplace/marketplace-items/${ITEM}`), 400, "validation-failed");
  });

  it("needs a credential", async () => {
    const response = await gateway.app.inject({ url: "/marketplace/marketplace-items" });
    expectProblem(response, 401, "unauthenticated");
  });
});

describe("offered items (providers)", () => {
  it("lists and reads offered items for providers, with releases and the listed flag", async () => {
    answer = (method) => (method === "listOfferedItems" ? page([offered]) : offered);
    const list = await get(
      "/marketplace/providers/marketplace-items?search=pump&orderBy=price&direction=asc",
      ["provider"],
    );
    expect(list.statusCode, list.body).toBe(200);
    const { createdAt: _c, organisationId: _o, ...storefrontOnly } = publicView;
    const expected = {
      ...storefrontOnly,
      developerOrganisationId: ORG_A,
      basePrice: { amount: 1000, currency: "EUR" },
      releases: [
        {
          id: "0193a1b2-0000-7000-8000-0000000000d1",
          marketplaceItemId: ITEM.toLowerCase(),
          infuseIotReleaseId: "rel-1",
          version: "1.0.0+00000001",
          board: { id: "b", name: "Board", target: "nrf" },
          sizeBytes: 2048,
          sha256: "a".repeat(64),
          status: "available",
          createdAt: "2026-11-22T10:00:00.000Z",
        },
      ],
      offeredAt: "2026-11-22T12:00:00.000Z",
      listed: true,
    };
    expect(list.json()).toEqual(page([expected]));
    expect(calls.at(-1)).toMatchObject({
      method: "listOfferedItems",
      request: { search: "pump", orderBy: "price", direction: "asc" },
    });
    const one = await get(`/marketplace/providers/marketplace-items/${ITEM}`, ["provider"]);
    expect(one.json()).toEqual(expected);
    expect(calls.at(-1)).toMatchObject({ method: "getOfferedItem", request: { id: ITEM.toLowerCase() } });
  });

  it("is for providers only", async () => {
    expectProblem(
      await get("/marketplace/providers/marketplace-items", ["developer", "admin"]),
      403,
      "forbidden",
    );
    expectProblem(
      await get(`/marketplace/providers/marketplace-items/${ITEM}`, ["developer"]),
      403,
      "forbidden",
    );
  });
});

import { ConflictError, NotFoundError } from "@mp/errors";
import { describe, expect, it } from "vitest";
import type { PublishingClient } from "../../clients";
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
const INSTANCE = "0193A1B2-0000-7000-8000-0000000000E1";
const ASSET = "0193A1B2-0000-7000-8000-0000000000A1";
const BASE = "/marketplace/developers/marketplace-items";

/** An item as publishing sends it: upper-case ids, offsets in timestamps, int64 as strings, absent optionals. */
const itemMessage = (extra: Record<string, unknown> = {}) => ({
  id: ITEM,
  type: "app",
  organisationId: ORG_A.toUpperCase(),
  marketplaceInstanceId: INSTANCE,
  infuseIotApplicationId: 7,
  status: "draft",
  createdAt: "2026-11-22T11:00:00+01:00",
  updatedAt: "2026-11-22T11:00:00+01:00",
  metadata: { displayName: "Thermo", createdAt: "2026-11-22T10:00:00Z" },
  icon: null,
  images: [
    {
      assetId: ASSET,
      position: 0,
      url: "https://s3.test/a.png",
      width: 800,
      height: 600,
      mimeType: "image/png",
    },
  ],
  basePrice: { amount: "1999", currency: "EUR" },
  releaseCount: 0,
  readiness: { ready: false, unmet: ["release"] },
  ...extra,
});
const expectedItem = {
  id: ITEM.toLowerCase(),
  type: "app",
  organisationId: ORG_A,
  marketplaceInstanceId: INSTANCE.toLowerCase(),
  infuseIotApplicationId: 7,
  status: "draft",
  createdAt: "2026-11-22T10:00:00.000Z",
  updatedAt: "2026-11-22T10:00:00.000Z",
  publishedAt: null,
  metadata: {
    displayName: "Thermo",
    description: null,
    algorithmType: null,
    licenseUrl: null,
    eulaUrl: null,
    createdAt: "2026-11-22T10:00:00.000Z",
  },
  icon: null,
  images: [
    {
      assetId: ASSET.toLowerCase(),
      position: 0,
      url: "https://s3.test/a.png",
      width: 800,
      height: 600,
      mimeType: "image/png",
    },
  ],
  basePrice: { amount: 1999, currency: "EUR" },
  releaseCount: 0,
  latestVersion: null,
  readiness: { ready: false, unmet: ["release"] },
};

let answer: (method: string, request: Record<string, unknown>) => unknown = () => itemMessage();
const { client, calls } = fakeUpstream<PublishingClient>((method, request) => answer(method, request));

/** The whole gateway (every plugin and the real route table) with a fake publishing client. */
const gateway = useTestApp({
  clients: fakeClients(fakeCatalogue(notFoundCatalogue).client, {}, { publishing: client }),
});

const send = async (
  method: "GET" | "POST" | "PUT" | "DELETE",
  url: string,
  payload?: unknown,
  roles: ("developer" | "provider")[] = ["developer"],
) =>
  gateway.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${await gateway.keys.token(roles)}` },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

describe("create a marketplace item", () => {
  const url = "/marketplace/developers/infuse-iot/applications/7/marketplace-item";

  it("passes the application, the lowercased instance and the default type upstream with the caller", async () => {
    answer = () => itemMessage();
    const response = await send("POST", url, { marketplaceInstanceId: INSTANCE });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual(expectedItem);
    expect(calls.at(-1)).toMatchObject({
      method: "createItem",
      request: { applicationId: 7, marketplaceInstanceId: INSTANCE.toLowerCase(), type: "app" },
      ctx: { principal: { organisationId: ORG_A } },
    });
  });

  it("refuses unknown fields, bad types and other roles before calling publishing", async () => {
    const before = calls.length;
    expectProblem(
      await send("POST", url, { marketplaceInstanceId: INSTANCE, name: "x" }),
      400,
      "validation-failed",
    );
    expectProblem(
      await send("POST", url, { marketplaceInstanceId: INSTANCE, type: "widget" }),
      400,
      "validation-failed",
    );
    expectProblem(await send("POST", url, { marketplaceInstanceId: "nope" }), 400, "validation-failed");
    expectProblem(
      await send("POST", url, { marketplaceInstanceId: INSTANCE }, ["provider"]),
      403,
      "forbidden",
    );
    expectProblem(await gateway.app.inject({ method: "POST", url, payload: {} }), 401, "unauthenticated");
    expect(calls.length).toBe(before);
  });

  it("answers already-linked and not-found as publishing decided", async () => {
    answer = () => {
      throw new ConflictError("already-linked", "The IoT application already has an item in this instance.");
    };
    expectProblem(await send("POST", url, { marketplaceInstanceId: INSTANCE }), 409, "already-linked");
    answer = () => {
      throw new NotFoundError("Marketplace instance");
    };
    expectProblem(
      await send("POST", url, { marketplaceInstanceId: INSTANCE, type: "algorithm" }),
      404,
      "not-found",
    );
    expect(calls.at(-1)?.request.type).toBe("algorithm");
  });
});

describe("developer items", () => {
  it("lists with filters and the page window passed through, empty filters as empty strings", async () => {
    answer = () => ({ items: [itemMessage()], page: 2, pageSize: 5, totalCount: 6, totalPages: 2 });
    const response = await send(
      "GET",
      `${BASE}?page=2&pageSize=5&status=draft&search=%20thermo%20&orderBy=displayName&direction=asc`,
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      items: [expectedItem],
      page: 2,
      pageSize: 5,
      totalCount: 6,
      totalPages: 2,
    });
    expect(calls.at(-1)?.request).toEqual({
      page: 2,
      pageSize: 5,
      orderBy: "displayName",
      direction: "asc",
      marketplaceInstanceId: "",
      type: "",
      status: "draft",
      search: "thermo",
    });
    expectProblem(await send("GET", `${BASE}?status=gone`), 400, "validation-failed");
    expectProblem(await send("GET", `${BASE}?pageSize=101`), 400, "validation-failed");
    expectProblem(await send("GET", `${BASE}?orderBy=price`), 400, "validation-failed");
  });

  it("reads one item; a bad id is a 400 and another organisation's a 404", async () => {
    answer = () =>
      itemMessage({
        status: "published",
        publishedAt: "2026-11-22T12:00:00Z",
        latestVersion: "1.0.0+00000001",
      });
    const response = await send("GET", `${BASE}/${ITEM}`);
    expect(response.json()).toMatchObject({
      status: "published",
      publishedAt: "2026-11-22T12:00:00.000Z",
      latestVersion: "1.0.0+00000001",
    });
    expect(calls.at(-1)?.request).toEqual({ id: ITEM.toLowerCase() });
    expectProblem(await send("GET", `${BASE}/nope`), 400, "validation-failed");
    answer = () => {
      throw new NotFoundError("Marketplace item");
    };
    expectProblem(await send("GET", `${BASE}/${ITEM}`), 404, "not-found");
  });

  it("turns a metadata patch into set fields and cleared fields", async () => {
    answer = () => itemMessage();
    const response = await send("POST", `${BASE}/${ITEM}/metadata`, {
      displayName: "  Heat ",
      licenseUrl: null,
      eulaUrl: "https://example.com/eula",
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(calls.at(-1)?.request).toEqual({
      id: ITEM.toLowerCase(),
      displayName: "Heat",
      eulaUrl: "https://example.com/eula",
      clear: ["licenseUrl"],
    });
    const problem = expectProblem(
      await send("POST", `${BASE}/${ITEM}/metadata`, { licenseUrl: "http://example.com", displayName: " " }),
      400,
      "validation-failed",
    ) as unknown as { errors: Record<string, string[]> };
    expect(Object.keys(problem.errors).sort()).toEqual(["body.displayName", "body.licenseUrl"]);
    expectProblem(await send("POST", `${BASE}/${ITEM}/metadata`, { name: "x" }), 400, "validation-failed");
    expectProblem(
      await send("POST", `${BASE}/${ITEM}/metadata`, { description: "x".repeat(4001) }),
      400,
      "validation-failed",
    );
  });

  it("lists metadata history and prices newest first by default", async () => {
    answer = (method) =>
      method === "listMetadata"
        ? {
            items: [{ displayName: "Heat", createdAt: "2026-11-22T10:00:00Z" }],
            page: 1,
            pageSize: 20,
            totalCount: 1,
            totalPages: 1,
          }
        : {
            items: [
              {
                price: { amount: "0", currency: "EUR" },
                effectiveFrom: "2026-11-22T10:00:00Z",
                createdAt: "2026-11-22T10:00:00Z",
              },
            ],
            page: 1,
            pageSize: 20,
            totalCount: 1,
            totalPages: 1,
          };
    const history = await send("GET", `${BASE}/${ITEM}/metadata/history`);
    expect(history.json().items[0]).toEqual({ ...expectedItem.metadata, displayName: "Heat" });
    expect(calls.at(-1)?.request).toEqual({
      id: ITEM.toLowerCase(),
      page: 1,
      pageSize: 20,
      orderBy: "createdAt",
      direction: "desc",
    });
    const prices = await send("GET", `${BASE}/${ITEM}/prices?direction=asc`);
    expect(prices.json().items).toEqual([
      {
        amount: 0,
        currency: "EUR",
        effectiveFrom: "2026-11-22T10:00:00.000Z",
        createdAt: "2026-11-22T10:00:00.000Z",
      },
    ]);
  });

  it("sets a base price with integer minor units only", async () => {
    answer = () => ({
      price: { amount: "1999", currency: "EUR" },
      effectiveFrom: "2026-11-22T10:00:00Z",
      createdAt: "2026-11-22T10:00:00Z",
    });
    const response = await send("POST", `${BASE}/${ITEM}/price`, { amount: 1999, currency: "EUR" });
    expect(response.json()).toMatchObject({ amount: 1999, currency: "EUR" });
    expect(calls.at(-1)?.request).toEqual({
      id: ITEM.toLowerCase(),
      price: { amount: "1999", currency: "EUR" },
    });
    for (const body of [
      { amount: 19.99, currency: "EUR" },
      { amount: -1, currency: "EUR" },
      { amount: 1, currency: "XXX" },
      { amount: 1 },
    ]) {
      expectProblem(await send("POST", `${BASE}/${ITEM}/price`, body), 400, "validation-failed");
    }
  });

  it("sets the icon and edits the gallery, passing conflicts through", async () => {
    answer = () => itemMessage();
    await send("POST", `${BASE}/${ITEM}/icon`, { assetId: ASSET });
    expect(calls.at(-1)).toMatchObject({
      method: "setIcon",
      request: { id: ITEM.toLowerCase(), assetId: ASSET.toLowerCase() },
    });
    answer = () => {
      throw new ConflictError("asset-not-ready", "The asset has not been finalised yet.");
    };
    expectProblem(await send("POST", `${BASE}/${ITEM}/icon`, { assetId: ASSET }), 409, "asset-not-ready");

    const images = { items: itemMessage().images };
    answer = () => images;
    const listed = await send("GET", `${BASE}/${ITEM}/images`);
    expect(listed.json()).toEqual(expectedItem.images);
    expect((await send("POST", `${BASE}/${ITEM}/images`, { assetId: ASSET })).json()).toEqual(
      expectedItem.images,
    );
    const ordered = await send("PUT", `${BASE}/${ITEM}/images/order`, { assetIds: [ASSET] });
    expect(ordered.statusCode).toBe(200);
    expect(calls.at(-1)?.request).toEqual({ id: ITEM.toLowerCase(), assetIds: [ASSET.toLowerCase()] });
    expectProblem(
      await send("PUT", `${BASE}/${ITEM}/images/order`, { assetIds: [] }),
      400,
      "validation-failed",
    );

    answer = () => ({});
    const removed = await send("DELETE", `${BASE}/${ITEM}/images/${ASSET}`);
    expect(removed.statusCode).toBe(204);
    expect(removed.body).toBe("");
    expect(calls.at(-1)).toMatchObject({
      method: "removeImage",
      request: { id: ITEM.toLowerCase(), assetId: ASSET.toLowerCase() },
    });

    answer = () => {
      throw new ConflictError("gallery-full", "A gallery holds at most 8 images.");
    };
    expectProblem(await send("POST", `${BASE}/${ITEM}/images`, { assetId: ASSET }), 409, "gallery-full");
  });

  it("publishes, unpublishes and retires; item-not-ready carries unmet and invalid-state carries state", async () => {
    answer = () => {
      throw new ConflictError("item-not-ready", "The item is not ready to publish.", {
        extensions: { unmet: ["basePrice", "release"] },
      });
    };
    const notReady = expectProblem(await send("POST", `${BASE}/${ITEM}/publish`), 409, "item-not-ready");
    expect(notReady).toMatchObject({ unmet: ["basePrice", "release"] });
    answer = () => {
      throw new ConflictError("invalid-state", "Only a published item can be unpublished.", {
        extensions: { state: "draft" },
      });
    };
    expect(
      expectProblem(await send("POST", `${BASE}/${ITEM}/unpublish`), 409, "invalid-state"),
    ).toMatchObject({
      state: "draft",
    });
    answer = () => itemMessage({ status: "retired" });
    expect((await send("POST", `${BASE}/${ITEM}/retire`)).json().status).toBe("retired");
    expect(calls.at(-1)).toMatchObject({ method: "retireItem", request: { id: ITEM.toLowerCase() } });
    expectProblem(await send("POST", `${BASE}/${ITEM}/publish`, undefined, ["provider"]), 403, "forbidden");
  });

  it("takes no body: none, an empty JSON body or {} pass; any member or shape is a 400; other types 415", async () => {
    answer = () => itemMessage({ status: "published" });
    const authorization = `Bearer ${await gateway.keys.token(["developer"])}`;
    for (const path of ["publish", "unpublish", "retire"]) {
      const url = `${BASE}/${ITEM}/${path}`;
      expect((await send("POST", url)).statusCode, path).toBe(200);
      expect((await send("POST", url, {})).statusCode, path).toBe(200);
      const emptyJson = await gateway.app.inject({
        method: "POST",
        url,
        headers: { authorization, "content-type": "application/json" },
      });
      expect(emptyJson.statusCode, path).toBe(200);
      const before = calls.length;
      const member = expectProblem(await send("POST", url, { force: true }), 400, "validation-failed");
      expect(member.errors).toEqual({ "body.force": ["Unknown field."] });
      expectProblem(await send("POST", url, ["force"]), 400, "validation-failed");
      expectProblem(
        await gateway.app.inject({
          method: "POST",
          url,
          headers: { authorization, "content-type": "text/plain" },
          payload: "publish please",
        }),
        415,
        "unsupported-media-type",
      );
      expect(calls.length, "refused bodies never reach publishing").toBe(before);
    }
  });
});

import { afterEach, describe, expect, it } from "vitest";
import { createMarketplaceClient } from "./client";
import { eachPage, eachWindow } from "./pagination";
import { MarketplaceError } from "./problem";
import { problem, sendJson, startStub } from "./stub-server.test-support";

let stub: Awaited<ReturnType<typeof startStub>> | undefined;
afterEach(async () => {
  await stub?.close();
  stub = undefined;
});

const ids = (n: number) => Array.from({ length: n }, (_, i) => ({ id: `i${i}` }));

/** Serves `all` as a page list, reading `page`/`pageSize` from the query. */
function pageList(all: { id: string }[]) {
  return startStub((request, res) => {
    const query = new URL(request.url, "http://x").searchParams;
    const page = Number(query.get("page"));
    const pageSize = Number(query.get("pageSize"));
    const totalPages = Math.max(1, Math.ceil(all.length / pageSize));
    const items = all.slice((page - 1) * pageSize, page * pageSize);
    sendJson(res, 200, { items, page, pageSize, totalCount: all.length, totalPages });
  });
}

/** Serves `all` as a limit/offset window list. */
function windowList(all: object[]) {
  return startStub((request, res) => {
    const query = new URL(request.url, "http://x").searchParams;
    const limit = Number(query.get("limit"));
    const offset = Number(query.get("offset"));
    const items = all.slice(offset, offset + limit);
    sendJson(res, 200, { items, limit, offset, hasMore: offset + limit < all.length });
  });
}

async function collect<T>(iterator: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const value of iterator) out.push(value);
  return out;
}

describe("eachPage", () => {
  it("yields every item of every page, in order, and stops at the last page", async () => {
    const all = ids(7);
    stub = await pageList(all);
    const client = createMarketplaceClient({ baseUrl: stub.url, token: "t" });
    const items = await collect(
      eachPage((paging) => client.GET("/marketplace/instances", { params: { query: paging } }), 3),
    );
    expect(items.map((i) => i.id)).toEqual(all.map((i) => i.id));
    expect(stub.requests.map((r) => r.url)).toEqual([
      "/marketplace/instances?page=1&pageSize=3",
      "/marketplace/instances?page=2&pageSize=3",
      "/marketplace/instances?page=3&pageSize=3",
    ]);
  });

  it("asks once for an empty list", async () => {
    stub = await pageList([]);
    const client = createMarketplaceClient({ baseUrl: stub.url });
    const items = await collect(
      eachPage((paging) => client.GET("/marketplace/instances", { params: { query: paging } })),
    );
    expect(items).toEqual([]);
    expect(stub.requests).toHaveLength(1);
    expect(stub.requests[0]?.url).toBe("/marketplace/instances?page=1&pageSize=100");
  });

  it("throws the failing page's problem", async () => {
    stub = await startStub((_request, res) => sendJson(res, 403, problem(403, "forbidden", "Admins only.")));
    const client = createMarketplaceClient({ baseUrl: stub.url });
    const failing = collect(
      eachPage((paging) => client.GET("/marketplace/instances", { params: { query: paging } })),
    );
    await expect(failing).rejects.toBeInstanceOf(MarketplaceError);
    await expect(failing).rejects.toMatchObject({ status: 403, code: "forbidden" });
  });
});

describe("eachWindow", () => {
  it("yields every item, advancing the offset until hasMore is false", async () => {
    const all = ids(5).map(({ id }) => ({ deviceId: id }));
    stub = await windowList(all);
    const client = createMarketplaceClient({ baseUrl: stub.url, token: "t" });
    const devices = await collect(
      eachWindow((window) => client.GET("/marketplace/providers/devices", { params: { query: window } }), 2),
    );
    expect(devices.map((d) => d.deviceId)).toEqual(all.map((d) => d.deviceId));
    expect(stub.requests.map((r) => r.url)).toEqual([
      "/marketplace/providers/devices?limit=2&offset=0",
      "/marketplace/providers/devices?limit=2&offset=2",
      "/marketplace/providers/devices?limit=2&offset=4",
    ]);
  });

  it("stops on a page that is exactly the last one", async () => {
    stub = await windowList(ids(4));
    const client = createMarketplaceClient({ baseUrl: stub.url });
    const devices = await collect(
      eachWindow((window) => client.GET("/marketplace/providers/devices", { params: { query: window } }), 2),
    );
    expect(devices).toHaveLength(4);
    expect(stub.requests).toHaveLength(2);
  });
});

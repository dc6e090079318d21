import { describe, expect, it } from "vitest";
import { ApiError, type ListSpec, page, Router } from "./http-kit";

interface Item {
  id: string;
  version: number[];
  name?: string;
}

const spec: ListSpec<Item> = {
  orderBy: { version: (i) => i.version, name: (i) => i.name },
  defaultOrderBy: "version",
  defaultDir: "desc",
  id: (i) => i.id,
};

const items: Item[] = [
  { id: "a", version: [1, 10, 0], name: "b" },
  { id: "b", version: [1, 9, 0], name: "a" },
  { id: "c", version: [2, 0, 0] },
  { id: "d", version: [1, 10, 0], name: "c" },
];

const list = (query: string) => page(items, new URLSearchParams(query), spec).map((i) => i.id);

describe("page", () => {
  it("orders by the endpoint's default, comparing versions numerically, ties by id", () => {
    expect(list("")).toEqual(["c", "d", "a", "b"]);
    expect(list("orderDir=asc")).toEqual(["b", "a", "d", "c"]);
  });

  it("applies offset then limit, and sorts absent values first ascending", () => {
    expect(list("offset=1&limit=2")).toEqual(["d", "a"]);
    expect(list("orderBy=name&orderDir=asc")).toEqual(["c", "b", "a", "d"]);
    expect(list("limit=0")).toEqual([]);
  });

  it("rejects an unknown orderBy, a bad orderDir and out-of-range limits with 400", () => {
    for (const query of ["orderBy=size", "orderDir=up", "limit=1001", "limit=abc", "offset=-1"]) {
      expect(() => list(query), query).toThrow(ApiError);
    }
  });
});

describe("Router", () => {
  it("prefers routes registered first, decodes segments, and tells a wrong method apart", () => {
    const router = new Router()
      .add("GET", "/x/:id/pending", () => ({ status: 204, empty: true }))
      .add("GET", "/x/:id/:other", () => ({ status: 200, json: null }));
    expect(router.match("GET", "/x/a%2Fb/pending")?.params).toEqual({ id: "a/b" });
    expect(router.match("GET", "/x/1/2")?.params).toEqual({ id: "1", other: "2" });
    expect(router.match("POST", "/x/1/2")).toBeNull();
    expect(router.match("GET", "/y")).toBeUndefined();
  });
});

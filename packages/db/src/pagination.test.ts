import type { FieldErrors } from "@mp/errors";
import { describe, expect, it } from "vitest";
import { checkLimit, PAGE_BOUNDS, paged, pageWindow, parseLimitOffset, parsePageQuery } from "./pagination";

describe("parseLimitOffset", () => {
  it("defaults an unset limit to 50 (or the caller's default) and keeps the offset", () => {
    expect(parseLimitOffset({ limit: 0, offset: 0 })).toEqual({ limit: 50, offset: 0 });
    expect(parseLimitOffset({ limit: 100, offset: 100_000 })).toEqual({ limit: 100, offset: 100_000 });
    expect(parseLimitOffset({ limit: 0, offset: 3 }, 20)).toEqual({ limit: 20, offset: 3 });
  });

  it("rejects out-of-bounds values instead of clamping them", () => {
    expect(() => parseLimitOffset({ limit: 101, offset: 100_001 })).toThrowError(
      expect.objectContaining({
        errors: { "query.limit": expect.any(Array), "query.offset": expect.any(Array) },
      }),
    );
    expect(() => parseLimitOffset({ limit: -1, offset: -1 })).toThrowError(
      expect.objectContaining({ code: "validation-failed" }),
    );
  });
});

describe("checkLimit", () => {
  it("checks a limit against the contract's bound or the caller's larger one, beside other fields' errors", () => {
    const errors: FieldErrors = { "query.startUtc": ["must be an ISO 8601 date-time"] };
    expect(checkLimit(0, errors)).toBe(PAGE_BOUNDS.limit.default);
    expect(checkLimit(500, errors, { max: 500 })).toBe(500);
    expect(errors).toEqual({ "query.startUtc": ["must be an ISO 8601 date-time"] });
    checkLimit(101, errors);
    expect(errors["query.limit"]).toEqual(["must be from 1 to 100"]);
    checkLimit(501, errors, { max: 500 });
    expect(errors).toEqual({
      "query.startUtc": ["must be an ISO 8601 date-time"],
      "query.limit": ["must be from 1 to 500"],
    });
    expect(checkLimit(0, {}, { defaultLimit: 20 })).toBe(20);
  });

  it("names limit and offset with the contract's bounds in its messages", () => {
    expect(() => parseLimitOffset({ limit: 1.5, offset: 100_001 })).toThrowError(
      expect.objectContaining({
        errors: { "query.limit": ["must be from 1 to 100"], "query.offset": ["must be from 0 to 100000"] },
      }),
    );
  });
});

describe("parsePageQuery", () => {
  it("applies the contract's defaults and keeps the list's own orders", () => {
    expect(parsePageQuery({ page: 0, pageSize: 0, orderBy: "", direction: "" }, ["createdAt"])).toEqual({
      page: 1,
      pageSize: 20,
      orderBy: "createdAt",
      direction: "desc",
    });
    expect(
      parsePageQuery({ page: 3, pageSize: 100, orderBy: "name", direction: "asc" }, ["createdAt", "name"]),
    ).toEqual({ page: 3, pageSize: 100, orderBy: "name", direction: "asc" });
  });

  it("names every out-of-bounds or unknown field instead of clamping", () => {
    expect(() =>
      parsePageQuery({ page: 10_001, pageSize: 101, orderBy: "price", direction: "up" }, ["createdAt"]),
    ).toThrowError(
      expect.objectContaining({
        errors: {
          "query.page": ["must be from 1 to 10000"],
          "query.pageSize": ["must be from 1 to 100"],
          "query.orderBy": ["must be one of createdAt"],
          "query.direction": ["must be asc or desc"],
        },
      }),
    );
  });
});

describe("page windows", () => {
  it("turns a page into limit/offset and counts pages", () => {
    expect(pageWindow(3, 20)).toEqual({ limit: 20, offset: 40 });
    expect(paged(["a"], 3, 20, 41)).toEqual({
      items: ["a"],
      page: 3,
      pageSize: 20,
      totalCount: 41,
      totalPages: 3,
    });
  });
});

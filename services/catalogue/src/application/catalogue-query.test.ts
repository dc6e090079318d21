import { describe, expect, it } from "vitest";
import { parseCatalogueQuery, type RawCatalogueQuery } from "./catalogue-query";
import { toItemReleaseFacts } from "./record-events";

const raw = (overrides: Partial<RawCatalogueQuery> = {}): RawCatalogueQuery => ({
  marketplaceInstanceId: "",
  type: "",
  search: "",
  page: 0,
  pageSize: 0,
  orderBy: "",
  direction: "",
  ...overrides,
});

describe("parseCatalogueQuery", () => {
  it("orders by relevance with a search and by createdAt without, newest first", () => {
    expect(parseCatalogueQuery(raw({ search: "  pump " }))).toEqual({
      page: 1,
      pageSize: 20,
      orderBy: "relevance",
      direction: "desc",
      search: "pump",
    });
    expect(parseCatalogueQuery(raw({ search: "   " }))).toMatchObject({ orderBy: "createdAt" });
    expect(parseCatalogueQuery(raw({ search: "pump", orderBy: "price", direction: "asc" }))).toMatchObject({
      orderBy: "price",
      direction: "asc",
    });
  });

  it("keeps filters, lower-casing the instance id", () => {
    expect(
      parseCatalogueQuery(
        raw({ marketplaceInstanceId: "0193A1B2-0000-7000-8000-0000000000C1", type: "algorithm" }),
      ),
    ).toMatchObject({ marketplaceInstanceId: "0193a1b2-0000-7000-8000-0000000000c1", type: "algorithm" });
  });

  it("names every bad field at once", () => {
    try {
      parseCatalogueQuery(
        raw({ marketplaceInstanceId: "x", type: "widget", search: "a".repeat(201), orderBy: "popularity" }),
      );
      expect.unreachable();
    } catch (error) {
      expect(error).toMatchObject({ code: "validation-failed" });
      expect(Object.keys((error as { extensions: { errors: object } }).extensions.errors).sort()).toEqual([
        "query.marketplaceInstanceId",
        "query.search",
        "query.type",
      ]);
    }
    expect(() => parseCatalogueQuery(raw({ orderBy: "popularity" }))).toThrow(
      expect.objectContaining({ extensions: { errors: { "query.orderBy": expect.any(Array) } } }),
    );
  });

  it("refuses relevance without a search", () => {
    expect(() => parseCatalogueQuery(raw({ orderBy: "relevance" }))).toThrow(
      expect.objectContaining({ extensions: { errors: { "query.orderBy": ["relevance needs a search"] } } }),
    );
  });
});

describe("toItemReleaseFacts", () => {
  const base = {
    itemReleaseId: "0193a1b2-0000-7000-8000-0000000000a1",
    itemId: "0193a1b2-0000-7000-8000-0000000000a2",
    organisationId: "0193a1b2-0000-7000-8000-0000000000a3",
    marketplaceInstanceId: "0193a1b2-0000-7000-8000-0000000000a4",
    infuseIotApplicationId: 7,
    infuseIotReleaseId: "r1",
    releaseVersion: "1.0.0+00000001",
    board: { id: "b", name: "B", target: "t" },
    sizeBytes: 10,
  };

  it("takes the release's own time when the event has it, else the event's", () => {
    const added = toItemReleaseFacts({
      ...base,
      status: "preparing",
      createdAt: "2026-01-01T00:00:00.000Z",
      version: 1,
    });
    expect(added).toMatchObject({
      status: "preparing",
      sha256: null,
      createdAt: new Date("2026-01-01T00:00:00Z"),
    });
    const available = toItemReleaseFacts({
      ...base,
      status: "available",
      sha256: "a".repeat(64),
      objectKey: "k",
      availableAt: "2026-01-02T00:00:00.000Z",
      version: 2,
    });
    expect(available).toMatchObject({ status: "available", sha256: "a".repeat(64), version: 2 });
    expect(available.createdAt).toEqual(new Date("2026-01-02T00:00:00Z"));
    const failed = toItemReleaseFacts({
      ...base,
      status: "failed",
      failureReason: "gone",
      failedAt: "2026-01-03T00:00:00.000Z",
      version: 2,
    });
    expect(failed).toMatchObject({
      status: "failed",
      sha256: null,
      createdAt: new Date("2026-01-03T00:00:00Z"),
    });
  });
});

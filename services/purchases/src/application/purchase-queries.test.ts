import type { CallContext } from "@mp/grpc";
import { testLogger } from "@mp/logger";
import { describe, expect, it } from "vitest";
import type { ActivityQuery, PurchaseListQuery, PurchaseRepository } from "./ports";
import { makeListActivity, makeListPurchases } from "./purchase-queries";

const ORG = "0193a1b2-0000-7000-8000-00000000000a";
const ctx = (roles: Array<"provider" | "developer"> = ["provider"]): CallContext => ({
  principal: { subject: "u-1", organisationId: ORG.toUpperCase(), roles, via: "jwt" },
  requestId: "req-1",
  signal: new AbortController().signal,
  logger: testLogger(),
});
const page = { page: 0, pageSize: 0, orderBy: "", direction: "" };

function repository() {
  const lists: Array<[string, PurchaseListQuery]> = [];
  const activities: Array<[string, ActivityQuery]> = [];
  const purchases = {
    list: async (org: string, query: PurchaseListQuery) => {
      lists.push([org, query]);
      return { items: [], page: 1, pageSize: 20, totalCount: 0, totalPages: 0 };
    },
    activity: async (org: string, query: ActivityQuery) => {
      activities.push([org, query]);
      return [];
    },
  } as unknown as PurchaseRepository;
  return { purchases, lists, activities };
}

describe("listing purchases", () => {
  it("reads the caller's organisation's, newest first, in the default mode unless one is named", async () => {
    const r = repository();
    const list = makeListPurchases({ purchases: r.purchases, defaultLivemode: true });
    await list({ ...page, deviceId: "" }, ctx());
    await list({ ...page, deviceId: "", livemode: false, orderBy: "amount", direction: "asc" }, ctx());
    expect(r.lists).toEqual([
      [ORG, { page: 1, pageSize: 20, orderBy: "purchasedAt", direction: "desc", livemode: true }],
      [ORG, { page: 1, pageSize: 20, orderBy: "amount", direction: "asc", livemode: false }],
    ]);
  });

  it("filters by a device (lowercased), and refuses a device id that is not 16 hex characters", async () => {
    const r = repository();
    const list = makeListPurchases({ purchases: r.purchases, defaultLivemode: false });
    await list({ ...page, deviceId: "0123456789ABCDEF" }, ctx());
    expect(r.lists[0]?.[1].deviceId).toBe("0123456789abcdef");
    for (const deviceId of ["0123456789abcde", "0123456789abcdefa", "x0123456789abcde", "0123456789abcdeg"])
      await expect(list({ ...page, deviceId }, ctx())).rejects.toMatchObject({
        code: "validation-failed",
        extensions: { errors: { "query.deviceId": ["must be 16 hex characters"] } },
      });
    await expect(list({ ...page, deviceId: "", orderBy: "price" }, ctx())).rejects.toMatchObject({
      code: "validation-failed",
    });
    expect(r.lists).toHaveLength(1);
  });

  it("serves providers only", async () => {
    const r = repository();
    const list = makeListPurchases({ purchases: r.purchases, defaultLivemode: false });
    await expect(list({ ...page, deviceId: "" }, ctx(["developer"]))).rejects.toMatchObject({
      code: "forbidden",
    });
  });
});

describe("purchase activity", () => {
  it("reads the window given, the limit (default 50, up to 500), in the mode asked", async () => {
    const r = repository();
    const activity = makeListActivity({ purchases: r.purchases, defaultLivemode: true });
    expect(await activity({ startUtc: "", endUtc: "", limit: 0 }, ctx())).toEqual({ items: [], limit: 50 });
    await activity(
      { startUtc: "2026-11-01T00:00:00Z", endUtc: "2026-12-01T00:00:00Z", limit: 500, livemode: false },
      ctx(),
    );
    expect(r.activities).toEqual([
      [ORG, { livemode: true, limit: 50 }],
      [
        ORG,
        {
          livemode: false,
          start: new Date("2026-11-01T00:00:00Z"),
          end: new Date("2026-12-01T00:00:00Z"),
          limit: 500,
        },
      ],
    ]);
  });

  it("refuses an unreadable instant or a limit above 500, naming every field", async () => {
    const r = repository();
    const activity = makeListActivity({ purchases: r.purchases, defaultLivemode: true });
    await expect(
      activity({ startUtc: "yesterday", endUtc: "soon", limit: 501 }, ctx()),
    ).rejects.toMatchObject({
      code: "validation-failed",
      extensions: {
        errors: {
          "query.startUtc": ["must be an ISO 8601 date-time"],
          "query.endUtc": ["must be an ISO 8601 date-time"],
          "query.limit": expect.any(Array),
        },
      },
    });
    await expect(activity({ startUtc: "", endUtc: "", limit: 0 }, ctx(["developer"]))).rejects.toMatchObject({
      code: "forbidden",
    });
    expect(r.activities).toEqual([]);
  });
});

import type { CallContext } from "@mp/grpc";
import { testLogger } from "@mp/logger";
import { describe, expect, it } from "vitest";
import type { EarningsRepository } from "./earnings.ports";
import { makeGetEarningsSummary, makeGetEarningsTimeseries, makeListAppEarnings } from "./earnings-queries";
import { splitWindow } from "./earnings-window";
import { makeListPlatformFees } from "./platform-fees";

const ORG = "0193a1b2-0000-7000-8000-00000000000a";
const PLATFORM = "0193a1b2-0000-7000-8000-0000000000ff";
const INSTANCE = "0193a1b2-0000-7000-8000-0000000000b1";
const NOW = new Date("2026-11-23T16:00:00Z");
type Role = "admin" | "provider" | "developer";
const ctx = (roles: Role[] = ["provider"], organisationId = ORG): CallContext => ({
  principal: { subject: "u-1", organisationId: organisationId.toUpperCase(), roles, via: "jwt" },
  requestId: "req-1",
  signal: new AbortController().signal,
  logger: testLogger(),
});
const page = { page: 0, pageSize: 0, orderBy: "", direction: "" };

function repository() {
  const calls = {
    summary: [] as unknown[][],
    timeseries: [] as unknown[][],
    apps: [] as unknown[][],
    platform: [] as unknown[][],
  };
  const earnings: EarningsRepository = {
    summary: async (...args) => {
      calls.summary.push(args);
      return [];
    },
    timeseries: async (...args) => {
      calls.timeseries.push(args);
      return [];
    },
    apps: async (...args) => {
      calls.apps.push(args);
      return { items: [], totalCount: 41 };
    },
    platform: async (...args) => {
      calls.platform.push(args);
      return { items: [], totalCount: 3 };
    },
  };
  return { earnings, calls };
}

describe("earnings summary", () => {
  it("the caller's organisation's, over the window given (unbounded sides absent), in the mode asked or the default", async () => {
    const r = repository();
    const summary = makeGetEarningsSummary({ earnings: r.earnings, defaultLivemode: true });
    const window = { startUtc: "2026-10-01T00:00:00Z", endUtc: "2026-11-01T00:00:00Z", livemode: false };
    expect(await summary(window, ctx())).toEqual({
      start: new Date(window.startUtc),
      end: new Date(window.endUtc),
      totals: [],
    });
    await summary(undefined, ctx());
    expect(r.calls.summary).toEqual([
      [ORG, false, splitWindow({ start: new Date(window.startUtc), end: new Date(window.endUtc) })],
      [ORG, true, splitWindow({})],
    ]);
    await expect(summary(window, ctx(["developer"]))).rejects.toMatchObject({ code: "forbidden" });
  });
});

describe("earnings timeseries", () => {
  const series = (r: ReturnType<typeof repository>) =>
    makeGetEarningsTimeseries({ earnings: r.earnings, defaultLivemode: false, now: () => NOW });

  it("buckets from the window's first to its last, defaulting to the period before now", async () => {
    const r = repository();
    expect(await series(r)({ interval: "week" }, ctx())).toEqual({ interval: "week", points: [] });
    const start = new Date("2026-08-31T16:00:00Z");
    expect(r.calls.timeseries).toEqual([
      [
        ORG,
        false,
        "week",
        new Date("2026-08-31T00:00:00Z"),
        new Date("2026-11-23T00:00:00Z"),
        splitWindow({ start, end: NOW }),
      ],
    ]);
  });

  it("the last bucket is the one holding the instant before the end", async () => {
    const r = repository();
    await series(r)(
      {
        interval: "month",
        window: { startUtc: "2026-01-15T00:00:00Z", endUtc: "2026-03-01T00:00:00Z", livemode: true },
      },
      ctx(),
    );
    expect(r.calls.timeseries[0]?.slice(1, 5)).toEqual([
      true,
      "month",
      new Date("2026-01-01T00:00:00Z"),
      new Date("2026-02-01T00:00:00Z"),
    ]);
  });

  it("refuses an unknown interval, an empty window and more buckets than allowed", async () => {
    const r = repository();
    const s = series(r);
    await expect(s({ interval: "year" }, ctx())).rejects.toMatchObject({
      extensions: { errors: { "query.interval": ["must be one of day, week, month"] } },
    });
    await expect(
      s({ interval: "day", window: { startUtc: "2026-12-01T00:00:00Z", endUtc: "" } }, ctx()),
    ).rejects.toMatchObject({
      extensions: { errors: { "query.startUtc": ["must be before endUtc (which defaults to now)"] } },
    });
    await expect(
      s({ interval: "day", window: { startUtc: NOW.toISOString(), endUtc: "" } }, ctx()),
    ).rejects.toMatchObject({ code: "validation-failed" });
    // 400 days are allowed, 401 are not.
    const end = "2026-11-01T00:00:00Z";
    const daysBefore = (n: number) => new Date(Date.parse(end) - n * 86_400_000).toISOString();
    await s({ interval: "day", window: { startUtc: daysBefore(400), endUtc: end } }, ctx());
    await expect(
      s({ interval: "day", window: { startUtc: daysBefore(401), endUtc: end } }, ctx()),
    ).rejects.toMatchObject({
      extensions: {
        errors: {
          "query.startUtc": [
            "the window holds 401 day buckets; at most 400 (narrow the window or use a longer interval)",
          ],
        },
      },
    });
    await expect(s({ interval: "day" }, ctx(["developer"]))).rejects.toMatchObject({ code: "forbidden" });
    expect(r.calls.timeseries).toHaveLength(1);
  });

  it("uses the real clock when none is given", async () => {
    const r = repository();
    const before = Date.now();
    await makeGetEarningsTimeseries({ earnings: r.earnings, defaultLivemode: false })(
      { interval: "day" },
      ctx(),
    );
    const split = r.calls.timeseries[0]?.[5] as { raw: [[string, string], [string, string]] };
    expect(Date.parse(split.raw[1][1])).toBeGreaterThanOrEqual(before);
  });
});

describe("earnings per app", () => {
  it("paged, best earning first by default, in the mode asked", async () => {
    const r = repository();
    const apps = makeListAppEarnings({ earnings: r.earnings, defaultLivemode: true });
    expect(await apps({ ...page, window: { startUtc: "", endUtc: "", livemode: false } }, ctx())).toEqual({
      items: [],
      page: 1,
      pageSize: 20,
      totalCount: 41,
      totalPages: 3,
    });
    await apps({ ...page, orderBy: "displayName", direction: "asc" }, ctx());
    expect(r.calls.apps).toEqual([
      [ORG, false, splitWindow({}), { page: 1, pageSize: 20, orderBy: "netEarnings", direction: "desc" }],
      [ORG, true, splitWindow({}), { page: 1, pageSize: 20, orderBy: "displayName", direction: "asc" }],
    ]);
    await expect(apps(page, ctx(["developer"]))).rejects.toMatchObject({ code: "forbidden" });
  });
});

describe("platform fees", () => {
  const fees = (r: ReturnType<typeof repository>, operatorOrganisationId: string | undefined = PLATFORM) =>
    makeListPlatformFees({ earnings: r.earnings, defaultLivemode: true, operatorOrganisationId });
  const operator = ctx(["admin"], PLATFORM);

  it("for the operator only, filtered by instance (lowercased) and currency, newest month first", async () => {
    const r = repository();
    const result = await fees(r)(
      {
        ...page,
        marketplaceInstanceId: INSTANCE.toUpperCase(),
        currency: "EUR",
        window: { startUtc: "2026-10-01T00:00:00Z", endUtc: "", livemode: false },
      },
      operator,
    );
    expect(result).toMatchObject({ totalCount: 3, totalPages: 1, page: 1, pageSize: 20 });
    await fees(r)({ ...page, marketplaceInstanceId: "", currency: "", orderBy: "saleCount" }, operator);
    expect(r.calls.platform).toEqual([
      [
        false,
        { marketplaceInstanceId: INSTANCE, currency: "EUR" },
        splitWindow({ start: new Date("2026-10-01T00:00:00Z") }),
        { page: 1, pageSize: 20, orderBy: "month", direction: "desc" },
      ],
      [
        true,
        { marketplaceInstanceId: undefined, currency: undefined },
        splitWindow({}),
        { page: 1, pageSize: 20, orderBy: "saleCount", direction: "desc" },
      ],
    ]);
    await expect(
      fees(r)({ ...page, marketplaceInstanceId: "", currency: "" }, ctx(["admin"], ORG)),
    ).rejects.toMatchObject({ code: "forbidden" });
  });

  it("refuses a malformed instance id or currency, naming each", async () => {
    const r = repository();
    await expect(
      fees(r)({ ...page, marketplaceInstanceId: "inst", currency: "eur" }, operator),
    ).rejects.toMatchObject({
      extensions: {
        errors: {
          "query.marketplaceInstanceId": ["must be a guid"],
          "query.currency": ["must be an ISO 4217 code (3 capital letters)"],
        },
      },
    });
    for (const currency of ["EURO", "XEUR"])
      await expect(fees(r)({ ...page, marketplaceInstanceId: "", currency }, operator)).rejects.toMatchObject(
        {
          code: "validation-failed",
        },
      );
    expect(r.calls.platform).toEqual([]);
  });
});

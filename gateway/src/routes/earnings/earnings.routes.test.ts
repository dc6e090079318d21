import type { Role } from "@mp/contracts";
import { AppError, NotFoundError, UpstreamUnavailableError } from "@mp/errors";
import { describe, expect, it } from "vitest";
import type { EarningsClient } from "../../clients";
import { fakeCatalogue, fakeClients, ORG_A, useTestApp } from "../../testing/test-kit";

const ITEM = "0193a1b2-0000-7000-8000-0000000000a1";
const INSTANCE = "0193a1b2-0000-7000-8000-0000000000c3";
const STATEMENT = "0193a1b2-0000-7000-8000-0000000000e1";

interface Recorded {
  method: string;
  request: Record<string, unknown>;
  ctx: unknown;
}
const calls: Recorded[] = [];
/** How the fake export stream behaves: chunks to send, or an error before the first. */
let exportBehaviour: { chunks: string[] } | { error: Error } = { chunks: [] };
let pulled = 0;

const earnings = {
  call: async (method: string, request: Record<string, unknown>, ctx: unknown) => {
    calls.push({ method, request, ctx });
    switch (method) {
      case "getEarningsSummary":
        return {
          startUtc: "2026-10-01T00:00:00.000Z",
          endUtc: "",
          totals: [
            {
              currency: "EUR",
              grossSales: "3000",
              refunds: "500",
              platformFees: "250",
              developerCosts: "1250",
              netEarnings: "1000",
              purchaseCount: 2,
            },
          ],
        };
      case "getEarningsTimeseries":
        return {
          interval: "week",
          points: [
            {
              periodStart: "2026-10-12T00:00:00.000Z",
              currency: "EUR",
              grossSales: "1000",
              netEarnings: "-200",
              purchaseCount: 1,
            },
          ],
        };
      case "listAppEarnings":
        return {
          items: [
            {
              marketplaceItemId: ITEM,
              displayName: "Weather",
              currency: "EUR",
              grossSales: "1000",
              refunds: "0",
              netEarnings: "400",
              purchaseCount: 1,
            },
          ],
          page: 1,
          pageSize: 20,
          totalCount: 1,
          totalPages: 1,
        };
      default:
        return {
          items: [
            {
              marketplaceInstanceId: INSTANCE,
              currency: "EUR",
              month: "2026-10",
              platformFees: "250",
              grossSales: "3000",
              saleCount: 2,
            },
          ],
          page: 1,
          pageSize: 20,
          totalCount: 1,
          totalPages: 1,
        };
    }
  },
  async *stream(method: string, request: Record<string, unknown>, ctx: unknown) {
    calls.push({ method, request, ctx });
    if ("error" in exportBehaviour) throw exportBehaviour.error;
    for (const chunk of exportBehaviour.chunks) {
      pulled += 1;
      yield { data: Buffer.from(chunk) };
    }
  },
} as unknown as EarningsClient;

const get = async (url: string, roles: Role[] = ["provider"], org = ORG_A) =>
  gateway.app.inject({
    method: "GET",
    url,
    headers: { authorization: `Bearer ${await gateway.keys.token(roles, { org })}` },
  });

const gateway = useTestApp({ clients: fakeClients(fakeCatalogue(() => ({})).client, {}, { earnings }) });

describe("provider earnings routes", () => {
  it("summary: window normalised to UTC, mode passed only when given, amounts as integers", async () => {
    const response = await get("/marketplace/providers/earnings/summary?startUtc=2026-10-01&livemode=true");
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      startUtc: "2026-10-01T00:00:00.000Z",
      endUtc: null,
      totals: [
        {
          currency: "EUR",
          grossSales: 3000,
          refunds: 500,
          platformFees: 250,
          developerCosts: 1250,
          netEarnings: 1000,
          purchaseCount: 2,
        },
      ],
    });
    expect(calls.at(-1)).toMatchObject({
      method: "getEarningsSummary",
      request: { window: { startUtc: "2026-10-01T00:00:00.000Z", endUtc: "", livemode: true } },
      ctx: { principal: { organisationId: ORG_A } },
    });
    await get("/marketplace/providers/earnings/summary");
    expect(calls.at(-1)?.request).toEqual({ window: { startUtc: "", endUtc: "" } });
  });

  it("timeseries and apps map their queries and answers", async () => {
    const series = await get("/marketplace/providers/earnings/timeseries?interval=week");
    expect(series.json()).toEqual({
      interval: "week",
      points: [
        {
          periodStart: "2026-10-12T00:00:00.000Z",
          currency: "EUR",
          grossSales: 1000,
          netEarnings: -200,
          purchaseCount: 1,
        },
      ],
    });
    expect(calls.at(-1)?.request).toEqual({ interval: "week", window: { startUtc: "", endUtc: "" } });
    const apps = await get("/marketplace/providers/earnings/apps?orderBy=purchaseCount&direction=asc");
    expect(apps.json().items[0]).toMatchObject({ marketplaceItemId: ITEM, netEarnings: 400 });
    expect(calls.at(-1)?.request).toMatchObject({
      page: 1,
      pageSize: 20,
      orderBy: "purchaseCount",
      direction: "asc",
    });
  });

  it("refuses bad queries and other roles before any call", async () => {
    const before = calls.length;
    expect((await get("/marketplace/providers/earnings/timeseries?interval=year")).statusCode).toBe(400);
    expect((await get("/marketplace/providers/earnings/apps?orderBy=createdAt")).statusCode).toBe(400);
    expect((await get("/marketplace/providers/earnings/summary?startUtc=yesterday")).statusCode).toBe(400);
    expect((await get("/marketplace/providers/earnings/summary", ["developer"])).statusCode).toBe(403);
    expect(calls.length).toBe(before);
  });
});

describe("platform fees route", () => {
  it("is admin only and passes its filters", async () => {
    expect((await get("/marketplace/earnings/platform")).statusCode).toBe(403);
    const response = await get(
      `/marketplace/earnings/platform?marketplaceInstanceId=${INSTANCE.toUpperCase()}&currency=EUR&orderBy=platformFees`,
      ["admin"],
    );
    expect(response.statusCode).toBe(200);
    expect(response.json().items).toEqual([
      {
        marketplaceInstanceId: INSTANCE,
        currency: "EUR",
        month: "2026-10",
        platformFees: 250,
        grossSales: 3000,
        saleCount: 2,
      },
    ]);
    expect(calls.at(-1)?.request).toMatchObject({
      marketplaceInstanceId: INSTANCE,
      currency: "EUR",
      orderBy: "platformFees",
    });
    expect((await get("/marketplace/earnings/platform?currency=XXX", ["admin"])).statusCode).toBe(400);
  });
});

describe("statement export routes", () => {
  it("streams the CSV with its type and file name", async () => {
    exportBehaviour = { chunks: ["occurredAt,kind\r\n", "2026-10-15T10:00:00.000Z,sale\r\n", ",total\r\n"] };
    const response = await get(`/marketplace/earnings/statements/${STATEMENT.toUpperCase()}/export.csv`, [
      "developer",
    ]);
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(response.headers["content-disposition"]).toBe(`attachment; filename="statement-${STATEMENT}.csv"`);
    expect(response.body).toBe("occurredAt,kind\r\n2026-10-15T10:00:00.000Z,sale\r\n,total\r\n");
    expect(calls.at(-1)).toMatchObject({
      method: "exportStatement",
      request: { statementId: STATEMENT, format: "csv" },
    });
  });

  it("streams the PDF", async () => {
    exportBehaviour = { chunks: ["%PDF-1.3\n", "%%EOF\n"] };
    const response = await get(`/marketplace/earnings/statements/${STATEMENT}/export.pdf`);
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("application/pdf");
    expect(response.headers["content-disposition"]).toBe(`attachment; filename="statement-${STATEMENT}.pdf"`);
    expect(response.rawPayload.toString()).toBe("%PDF-1.3\n%%EOF\n");
  });

  it("answers a refusal before the first chunk as a problem, not a file", async () => {
    exportBehaviour = { error: new NotFoundError("The statement") };
    const response = await get(`/marketplace/earnings/statements/${STATEMENT}/export.csv`);
    expect(response.statusCode).toBe(404);
    expect(response.headers["content-type"]).toContain("application/problem+json");
    expect(response.headers["content-disposition"]).toBeUndefined();
    expect(response.json()).toMatchObject({ code: "not-found" });
  });

  it("answers a busy organisation's export 429 and a database conflict 503, each with Retry-After", async () => {
    for (const [error, status, code, retryAfter] of [
      [
        new AppError("rate-limited", "Your organisation already runs 2 statement exports.", {
          retryAfterSeconds: 10,
        }),
        429,
        "rate-limited",
        "10",
      ],
      [
        new UpstreamUnavailableError("The database is busy; retry shortly.", 2),
        503,
        "upstream-unavailable",
        "2",
      ],
    ] as const) {
      exportBehaviour = { error };
      const response = await get(`/marketplace/earnings/statements/${STATEMENT}/export.pdf`);
      expect(response.statusCode).toBe(status);
      expect(response.headers["content-type"]).toContain("application/problem+json");
      expect(response.headers["retry-after"]).toBe(retryAfter);
      expect(response.json()).toMatchObject({ code, status });
    }
  });

  it("passes every chunk on, in order", async () => {
    pulled = 0;
    exportBehaviour = { chunks: Array.from({ length: 50 }, (_, i) => `${i}\r\n`) };
    const response = await get(`/marketplace/earnings/statements/${STATEMENT}/export.csv`);
    expect(response.body.split("\r\n")).toHaveLength(51);
    expect(pulled).toBe(50);
  });
});

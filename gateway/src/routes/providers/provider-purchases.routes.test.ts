import { describe, expect, it } from "vitest";
import type { PurchasesClient } from "../../clients";
import { fakeCatalogue, fakeClients, fakeUpstream, ORG_A, useTestApp } from "../../testing/test-kit";

const ITEM = "0193a1b2-0000-7000-8000-0000000000a1";
const purchase = {
  id: "0193a1b2-0000-7000-8000-0000000000c1",
  marketplaceItemId: ITEM,
  displayName: "Tracker",
  listingId: "0193a1b2-0000-7000-8000-0000000000c2",
  marketplaceInstanceId: "0193a1b2-0000-7000-8000-0000000000c3",
  providerOrganisationId: ORG_A,
  deviceId: "0123456789abcdef",
  amount: { amount: "2000", currency: "EUR" },
  status: "partially_refunded",
  livemode: false,
  purchasedAt: "2026-11-23T11:00:00+01:00",
  paymentReference: "pi_1",
};
/** A purchase whose payment did not match the listing's price, as the service answers it. */
const held = {
  ...purchase,
  id: "0193a1b2-0000-7000-8000-0000000000c4",
  status: "held",
  reason: "amount-mismatch",
  paymentReference: "pi_2",
};

const purchases = fakeUpstream<PurchasesClient>((method) =>
  method === "listPurchases"
    ? { items: [purchase, held], page: 1, pageSize: 20, totalCount: 2, totalPages: 1 }
    : {
        items: [
          {
            kind: "refund",
            at: "2026-11-23T12:00:00Z",
            marketplaceItemId: ITEM,
            displayName: "Tracker",
            deviceId: purchase.deviceId,
            amount: { amount: "500", currency: "EUR" },
            reason: "",
          },
          {
            kind: "purchase",
            at: "2026-11-23T11:00:00Z",
            marketplaceItemId: ITEM,
            displayName: "Tracker",
            deviceId: purchase.deviceId,
            amount: { amount: "2000", currency: "EUR" },
            reason: "currency-mismatch",
          },
        ],
        limit: 10,
      },
);

const get = async (url: string, role: "provider" | "developer" = "provider") =>
  gateway.app.inject({
    method: "GET",
    url,
    headers: { authorization: `Bearer ${await gateway.keys.token([role])}` },
  });

const gateway = useTestApp({
  clients: fakeClients(fakeCatalogue(() => ({})).client, {}, { purchases: purchases.client }),
});

describe("provider purchase routes", () => {
  it("lists purchases: money as integers, livemode passed only when given, newest first by default", async () => {
    const response = await get("/marketplace/providers/purchases?deviceId=0123456789ABCDEF");
    expect(response.statusCode).toBe(200);
    expect(response.json().items[0]).toEqual({
      ...purchase,
      amount: { amount: 2000, currency: "EUR" },
      purchasedAt: "2026-11-23T10:00:00.000Z",
    });
    // A held purchase carries its reason; the others have none.
    expect(response.json().items[1]).toMatchObject({ status: "held", reason: "amount-mismatch" });
    const { request, ctx } = purchases.calls.at(-1)!;
    expect(request).toEqual({
      deviceId: "0123456789ABCDEF",
      page: 1,
      pageSize: 20,
      orderBy: "purchasedAt",
      direction: "desc",
    });
    expect(ctx).toMatchObject({ principal: { organisationId: ORG_A } });
    await get("/marketplace/providers/purchases?livemode=false");
    expect(purchases.calls.at(-1)?.request).toMatchObject({ livemode: false });
  });

  it("answers the activity feed with its limit and passes the window", async () => {
    const response = await get(
      "/marketplace/providers/purchases/activity?limit=10&startUtc=2026-11-01&endUtc=2026-12-01T00:00:00%2B01:00&livemode=true",
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      items: [
        {
          kind: "refund",
          at: "2026-11-23T12:00:00.000Z",
          marketplaceItemId: ITEM,
          displayName: "Tracker",
          deviceId: purchase.deviceId,
          amount: { amount: 500, currency: "EUR" },
        },
        {
          kind: "purchase",
          at: "2026-11-23T11:00:00.000Z",
          marketplaceItemId: ITEM,
          displayName: "Tracker",
          deviceId: purchase.deviceId,
          amount: { amount: 2000, currency: "EUR" },
          reason: "currency-mismatch",
        },
      ],
      limit: 10,
    });
    expect(purchases.calls.at(-1)?.request).toEqual({
      startUtc: "2026-11-01T00:00:00.000Z",
      endUtc: "2026-11-30T23:00:00.000Z",
      limit: 10,
      livemode: true,
    });
  });

  it("refuses bad bounds with the field named, and a caller without the provider role", async () => {
    const before = purchases.calls.length;
    for (const [url, field] of [
      ["/marketplace/providers/purchases/activity?limit=501", "query.limit"],
      ["/marketplace/providers/purchases/activity?limit=0", "query.limit"],
      ["/marketplace/providers/purchases/activity?livemode=maybe", "query.livemode"],
      ["/marketplace/providers/purchases?deviceId=xyz", "query.deviceId"],
    ] as const) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(400);
      expect(Object.keys(response.json().errors)).toContain(field);
    }
    expect((await get("/marketplace/providers/purchases", "developer")).statusCode).toBe(403);
    expect(purchases.calls.length).toBe(before);
  });
});

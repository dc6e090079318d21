import { UpstreamUnavailableError } from "@mp/errors";
import type { CallContext } from "@mp/grpc";
import { testLogger } from "@mp/logger";
import { describe, expect, it } from "vitest";
import type { Purchase } from "../domain/purchase";
import { makeCreateCheckoutSession } from "./checkout";
import type { PayableListing, PurchaseRepository, StripePaymentsPort } from "./ports";
import { makeCreateRefund } from "./refund";

const ORG = "0193a1b2-0000-7000-8000-00000000000a";
const ITEM = "0193a1b2-0000-7000-8000-0000000000a1";
const INSTANCE = "0193a1b2-0000-7000-8000-0000000000b1";
const NOW = new Date("2026-11-28T19:00:00.000Z");
const ctx = (): CallContext => ({
  principal: { subject: "u-1", organisationId: ORG.toUpperCase(), roles: ["provider"], via: "jwt" },
  requestId: "req-1",
  signal: new AbortController().signal,
  logger: testLogger(),
});
const listing: PayableListing = {
  id: "0193a1b2-0000-7000-8000-0000000000c1",
  marketplaceItemId: ITEM,
  marketplaceInstanceId: INSTANCE,
  providerOrganisationId: ORG,
  price: { amount: 1999, currency: "EUR" },
  disabled: false,
  item: undefined,
};
const request = {
  marketplaceItemId: ITEM,
  marketplaceInstanceId: INSTANCE.toUpperCase(),
  deviceId: "0123456789abcdef",
  successUrl: "https://shop.example/paid",
  cancelUrl: "https://shop.example/cancel",
  customerEmail: "buyer@example.com",
};

function checkout(calls: { stripe: unknown[]; listing: unknown[]; statuses: unknown[] }) {
  return makeCreateCheckoutSession({
    db: {} as never,
    listings: {
      currentOf: async (_db: unknown, query: unknown) => {
        calls.listing.push(query);
        return listing;
      },
    } as never,
    purchases: {
      statusesOf: async (query: unknown) => {
        calls.statuses.push(query);
        return [];
      },
    } as unknown as PurchaseRepository,
    owners: { ownerOf: async () => ({ organisationId: ORG, boardId: "b" }) },
    stripe: {
      createCheckoutSession: async (session: unknown, requestId: string) => {
        calls.stripe.push([session, requestId]);
        return {
          id: "cs_1",
          url: "https://pay",
          expiresAt: 1_764_358_210,
          amount: { amount: 1999, currency: "EUR" },
        };
      },
    } as unknown as StripePaymentsPort,
    clock: { now: () => NOW },
    defaultLivemode: true,
    production: true,
  });
}

describe("checkout, the details", () => {
  it("looks the listing and purchases up for the caller's organisation in the default mode, lowercased", async () => {
    const calls = { stripe: [] as unknown[], listing: [] as unknown[], statuses: [] as unknown[] };
    const session = await checkout(calls)(request, ctx());
    expect(calls.listing).toEqual([
      {
        marketplaceItemId: ITEM,
        marketplaceInstanceId: INSTANCE,
        deviceId: "0123456789abcdef",
        providerOrganisationId: ORG,
      },
    ]);
    expect(calls.statuses).toEqual([
      { providerOrganisationId: ORG, deviceId: "0123456789abcdef", marketplaceItemId: ITEM, livemode: true },
    ]);
    expect(calls.stripe[0]).toEqual([
      expect.objectContaining({
        lineItem: { unitAmount: 1999, currency: "EUR", name: "Marketplace item" },
        customerEmail: "buyer@example.com",
        expiresAt: Math.floor(NOW.getTime() / 1000) + 30 * 60 + 10,
      }),
      "req-1",
    ]);
    expect(session).toEqual({
      checkoutSessionId: "cs_1",
      url: "https://pay",
      expiresAt: new Date(1_764_358_210_000),
      amount: { amount: 1999, currency: "EUR" },
    });
  });

  it("refuses a malformed instance id and email, naming each field", async () => {
    const calls = { stripe: [] as unknown[], listing: [] as unknown[], statuses: [] as unknown[] };
    await expect(
      checkout(calls)(
        { ...request, marketplaceInstanceId: `x${INSTANCE}`, customerEmail: "buyer@example" },
        ctx(),
      ),
    ).rejects.toMatchObject({
      extensions: {
        errors: {
          "body.marketplaceInstanceId": ["must be a guid"],
          "body.customerEmail": ["must be an email"],
        },
      },
    });
    for (const customerEmail of ["buyer example.com", " buyer@example.com", "buyer@example.com "])
      await expect(checkout(calls)({ ...request, customerEmail }, ctx())).rejects.toMatchObject({
        extensions: { errors: { "body.customerEmail": ["must be an email"] } },
      });
    await expect(
      checkout(calls)({ ...request, marketplaceInstanceId: `${INSTANCE}0` }, ctx()),
    ).rejects.toMatchObject({
      extensions: { errors: { "body.marketplaceInstanceId": ["must be a guid"] } },
    });
    expect(calls.stripe).toEqual([]);
  });
});

const purchase = {
  id: "0193a1b2-0000-7000-8000-0000000000d1",
  amount: { amount: 1999, currency: "EUR" },
  amountRefunded: 0,
  status: "completed",
  paymentReference: "pi_1",
} as Purchase;

function refund(stripe: Partial<StripePaymentsPort> = {}, found: Purchase = purchase) {
  const calls: unknown[] = [];
  const asked: unknown[] = [];
  const run = makeCreateRefund({
    purchases: {
      byId: async (...args: unknown[]) => {
        asked.push(args);
        return found;
      },
    } as unknown as PurchaseRepository,
    stripe: {
      createRefund: async (r: { amount: number }, requestId: string) => {
        calls.push([r, requestId]);
        return { id: "re_1", status: "pending", amount: { amount: r.amount, currency: "EUR" } };
      },
      ...stripe,
    } as StripePaymentsPort,
  });
  return { run, calls, asked };
}

describe("refunds, the details", () => {
  const ask = { purchaseId: purchase.id.toUpperCase(), amount: 500, reason: "duplicate" };

  it("asks Stripe for the amount and reason given, for the caller's organisation's purchase", async () => {
    const r = refund();
    expect(await r.run(ask, ctx())).toEqual({
      id: "re_1",
      status: "pending",
      amount: { amount: 500, currency: "EUR" },
      purchaseId: purchase.id,
    });
    expect(r.asked).toEqual([[ORG, purchase.id]]);
    expect(r.calls).toEqual([
      [
        {
          paymentIntentId: "pi_1",
          amount: 500,
          reason: "duplicate",
          idempotencyKey: `refund-${purchase.id}-0-500`,
        },
        "req-1",
      ],
    ]);
    await r.run({ ...ask, amount: 1999, reason: "requested_by_customer" }, ctx());
    await r.run({ ...ask, amount: 1, reason: "fraudulent" }, ctx());
    expect(r.calls).toHaveLength(3);
  });

  it("refuses an amount that is not a positive whole number, an unknown reason, a malformed id", async () => {
    const r = refund();
    for (const amount of [0, -1, 1.5, Number.MAX_SAFE_INTEGER + 1])
      await expect(r.run({ ...ask, amount }, ctx())).rejects.toMatchObject({
        extensions: { errors: { "body.amount": ["must be a positive integer (minor units)"] } },
      });
    await expect(r.run({ ...ask, reason: "changed_mind" }, ctx())).rejects.toMatchObject({
      extensions: {
        errors: { "body.reason": ["must be one of duplicate, fraudulent, requested_by_customer"] },
      },
    });
    await expect(r.run({ ...ask, purchaseId: `${purchase.id}0` }, ctx())).rejects.toMatchObject({
      extensions: { errors: { "path.purchaseId": ["must be a guid"] } },
    });
    expect(r.calls).toEqual([]);
  });

  it("says how much is left (never below zero) when asked for more", async () => {
    const over = refund({}, { ...purchase, amountRefunded: 2100 } as Purchase);
    await expect(over.run({ ...ask, amount: undefined }, ctx())).rejects.toMatchObject({
      code: "refund-exceeds-remaining",
      extensions: { remaining: { amount: 0, currency: "EUR" } },
    });
    await expect(refund().run({ ...ask, amount: 2000 }, ctx())).rejects.toThrow(
      "At most 1999 (minor units of EUR) is left to refund.",
    );
  });

  it("passes Stripe's other failures on unchanged", async () => {
    const down = new UpstreamUnavailableError("stripe");
    const r = refund({
      createRefund: async () => {
        throw down;
      },
    });
    await expect(r.run(ask, ctx())).rejects.toBe(down);
  });
});

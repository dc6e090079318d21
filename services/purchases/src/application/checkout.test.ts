import { ConflictError } from "@mp/errors";
import type { CallContext } from "@mp/grpc";
import { testLogger } from "@mp/logger";
import { describe, expect, it } from "vitest";
import type { Purchase } from "../domain/purchase";
import { makeCreateCheckoutSession } from "./checkout";
import type {
  DeviceOwnership,
  DeviceOwnersPort,
  KnownListingRepository,
  PayableListing,
  PurchaseRepository,
  StripePaymentsPort,
} from "./ports";
import { makeCreateRefund } from "./refund";

const ORG = "0193a1b2-0000-7000-8000-00000000000a";
const ITEM = "0193a1b2-0000-7000-8000-0000000000a1";
const INSTANCE = "0193a1b2-0000-7000-8000-0000000000b1";
const LISTING = "0193a1b2-0000-7000-8000-0000000000c1";
const DEVICE = "0123456789abcdef";
const NOW = new Date("2026-11-28T19:00:00.000Z");

const ctx = (roles: Array<"provider" | "developer"> = ["provider"]): CallContext => ({
  principal: { subject: "u-1", organisationId: ORG.toUpperCase(), roles, via: "jwt" },
  requestId: "req-1",
  signal: new AbortController().signal,
  logger: testLogger(),
});

const listing: PayableListing = {
  id: LISTING,
  marketplaceItemId: ITEM,
  marketplaceInstanceId: INSTANCE,
  providerOrganisationId: ORG,
  price: { amount: 1999, currency: "EUR" },
  disabled: false,
  item: { displayName: "Tracker" },
};

const OTHER_ORG = "0193a1b2-0000-7000-8000-00000000000b";
const own: DeviceOwnership = { organisationId: ORG, boardId: "board-1" };
const foreign: DeviceOwnership = { organisationId: OTHER_ORG, boardId: "board-1" };

function fakes(
  options: {
    listing?: PayableListing;
    statuses?: string[];
    /** The owner the port answers, then what it answers when asked fresh (default: the same). */
    owner?: DeviceOwnership | null;
    freshOwner?: DeviceOwnership | null;
  } = {},
) {
  const stripeCalls: Array<Record<string, unknown>> = [];
  const stripe: StripePaymentsPort = {
    async createCheckoutSession(session) {
      stripeCalls.push(session);
      return {
        id: "cs_test_1",
        url: "http://stripe.local/pay/cs_test_1",
        expiresAt: session.expiresAt,
        amount: { amount: session.lineItem.unitAmount, currency: session.lineItem.currency },
      };
    },
    async createRefund(refund) {
      stripeCalls.push(refund);
      return { id: "re_1", status: "pending", amount: { amount: refund.amount, currency: "EUR" } };
    },
  };
  const listings = {
    currentOf: async () => ("listing" in options ? options.listing : listing),
  } as unknown as KnownListingRepository;
  const ownerCalls: Array<{ deviceId: string; fresh: boolean }> = [];
  const owners: DeviceOwnersPort = {
    async ownerOf(deviceId, _requestId, ask) {
      const fresh = ask?.fresh === true;
      ownerCalls.push({ deviceId, fresh });
      const owner = "owner" in options ? options.owner : own;
      return fresh && "freshOwner" in options ? (options.freshOwner ?? null) : (owner ?? null);
    },
  };
  const purchases = {
    statusesOf: async () => options.statuses ?? [],
  } as unknown as PurchaseRepository;
  return { stripe, stripeCalls, listings, owners, ownerCalls, purchases };
}

const request = {
  marketplaceItemId: ITEM.toUpperCase(),
  marketplaceInstanceId: INSTANCE,
  deviceId: DEVICE.toUpperCase(),
  successUrl: "http://localhost/paid",
  cancelUrl: "https://shop.example/cancel",
  customerEmail: "",
};

function checkout(f: ReturnType<typeof fakes>, production = false) {
  return makeCreateCheckoutSession({
    db: {} as never,
    listings: f.listings,
    purchases: f.purchases,
    owners: f.owners,
    stripe: f.stripe,
    clock: { now: () => NOW },
    defaultLivemode: false,
    production,
  });
}

describe("checkout", () => {
  it("asks Stripe for the listing's price, the item's name, the metadata payment matching reads, 30 minutes", async () => {
    const f = fakes();
    const session = await checkout(f)(request, ctx());
    expect(f.stripeCalls[0]).toMatchObject({
      lineItem: { unitAmount: 1999, currency: "EUR", name: "Tracker" },
      metadata: {
        listingId: LISTING,
        deviceId: DEVICE,
        marketplaceItemId: ITEM,
        marketplaceInstanceId: INSTANCE,
      },
      successUrl: request.successUrl,
      cancelUrl: request.cancelUrl,
      customerEmail: undefined,
    });
    const expiresAt = f.stripeCalls[0]?.expiresAt as number;
    expect(expiresAt - NOW.getTime() / 1000).toBeGreaterThanOrEqual(30 * 60);
    expect(expiresAt - NOW.getTime() / 1000).toBeLessThanOrEqual(31 * 60);
    expect(f.stripeCalls[0]?.idempotencyKey).toMatch(/^checkout-[0-9a-f]{40}$/);
    expect(session).toMatchObject({
      checkoutSessionId: "cs_test_1",
      amount: { amount: 1999, currency: "EUR" },
    });
  });

  it("gives the same request the same idempotency key and a different body another", async () => {
    const f = fakes();
    await checkout(f)(request, ctx());
    await checkout(f)(request, ctx());
    await checkout(f)({ ...request, customerEmail: "b@example.com" }, ctx());
    const keys = f.stripeCalls.map((c) => c.idempotencyKey);
    expect(keys[0]).toBe(keys[1]);
    expect(keys[2]).not.toBe(keys[0]);
  });

  it("refuses without calling Stripe: no enabled listing, another's device, a completed purchase", async () => {
    const none = fakes({ listing: undefined });
    await expect(checkout(none)(request, ctx())).rejects.toMatchObject({ code: "not-listed" });
    const others = fakes({ owner: foreign });
    await expect(checkout(others)(request, ctx())).rejects.toMatchObject({ code: "not-found" });
    const unknown = fakes({ owner: null });
    await expect(checkout(unknown)(request, ctx())).rejects.toMatchObject({ code: "not-found" });
    const bought = fakes({ statuses: ["refunded", "completed"] });
    await expect(checkout(bought)(request, ctx())).rejects.toMatchObject({ code: "already-purchased" });
    const refunded = fakes({ statuses: ["refunded"] });
    await checkout(refunded)(request, ctx());
    expect([none, others, unknown, bought].flatMap((f) => f.stripeCalls)).toEqual([]);
    expect(refunded.stripeCalls).toHaveLength(1);
  });

  it("judges the device first, then the listing, then the purchases, whatever answers first", async () => {
    const everything = fakes({ owner: foreign, listing: undefined, statuses: ["completed"] });
    await expect(checkout(everything)(request, ctx())).rejects.toMatchObject({ code: "not-found" });
    const noListing = fakes({ listing: undefined, statuses: ["completed"] });
    await expect(checkout(noListing)(request, ctx())).rejects.toMatchObject({ code: "not-listed" });
  });

  it("asks the owner again, fresh, before refusing a device remembered as another's; never for its own", async () => {
    const transferred = fakes({ owner: foreign, freshOwner: own });
    await checkout(transferred)(request, ctx());
    expect(transferred.ownerCalls).toEqual([
      { deviceId: DEVICE, fresh: false },
      { deviceId: DEVICE, fresh: true },
    ]);
    expect(transferred.stripeCalls).toHaveLength(1);
    const still = fakes({ owner: foreign, freshOwner: foreign });
    await expect(checkout(still)(request, ctx())).rejects.toMatchObject({ code: "not-found" });
    expect(still.ownerCalls.map((c) => c.fresh)).toEqual([false, true]);
    const mine = fakes();
    await checkout(mine)(request, ctx());
    expect(mine.ownerCalls).toEqual([{ deviceId: DEVICE, fresh: false }]);
    const unknown = fakes({ owner: null });
    await expect(checkout(unknown)(request, ctx())).rejects.toMatchObject({ code: "not-found" });
    expect(unknown.ownerCalls).toHaveLength(1);
  });

  it("wants https return addresses in production and http(s) elsewhere, naming the field", async () => {
    await expect(checkout(fakes(), true)(request, ctx())).rejects.toMatchObject({
      code: "validation-failed",
      extensions: { errors: { "body.successUrl": ["must be https in production"] } },
    });
    await expect(
      checkout(fakes())({ ...request, cancelUrl: "file:///etc/passwd" }, ctx()),
    ).rejects.toMatchObject({ extensions: { errors: { "body.cancelUrl": ["must be an http(s) URL"] } } });
    await expect(checkout(fakes())(request, ctx(["developer"]))).rejects.toMatchObject({ code: "forbidden" });
  });
});

const purchase = (over: Partial<Purchase> = {}) =>
  ({
    id: "0193a1b2-0000-7000-8000-0000000000d1",
    providerOrganisationId: ORG,
    amount: { amount: 1999, currency: "EUR" },
    amountRefunded: 0,
    status: "completed",
    paymentReference: "pi_1",
    ...over,
  }) as Purchase;

function refund(found: Purchase | undefined) {
  const f = fakes();
  const purchases = { byId: async () => found } as unknown as PurchaseRepository;
  return { f, run: makeCreateRefund({ purchases, stripe: f.stripe }) };
}

describe("refunds", () => {
  const ask = { purchaseId: "0193A1B2-0000-7000-8000-0000000000D1", reason: "" };

  it("refunds the remainder by default, keyed by what was refunded so far", async () => {
    const { f, run } = refund(purchase({ amountRefunded: 500, status: "partially_refunded" }));
    await run({ ...ask, amount: undefined }, ctx());
    expect(f.stripeCalls[0]).toEqual({
      paymentIntentId: "pi_1",
      amount: 1499,
      reason: undefined,
      idempotencyKey: "refund-0193a1b2-0000-7000-8000-0000000000d1-500-1499",
    });
  });

  it("refuses more than the remainder, a refunded purchase, a disputed one; 404 for none", async () => {
    const over = refund(purchase({ amountRefunded: 1000 }));
    await expect(over.run({ ...ask, amount: 1000 }, ctx())).rejects.toMatchObject({
      code: "refund-exceeds-remaining",
      extensions: { remaining: { amount: 999, currency: "EUR" } },
    });
    await over.run({ ...ask, amount: 999 }, ctx());
    const done = refund(purchase({ amountRefunded: 1999, status: "refunded" }));
    await expect(done.run({ ...ask, amount: undefined }, ctx())).rejects.toMatchObject({
      code: "refund-exceeds-remaining",
    });
    const disputed = refund(purchase({ status: "disputed" }));
    await expect(disputed.run({ ...ask, amount: undefined }, ctx())).rejects.toMatchObject({
      code: "invalid-state",
    });
    await expect(refund(undefined).run({ ...ask, amount: undefined }, ctx())).rejects.toMatchObject({
      code: "not-found",
    });
    expect([...done.f.stripeCalls, ...disputed.f.stripeCalls]).toEqual([]);
    const unknown = refund(purchase({ status: "partially_refunded", amountRefunded: 1 }));
    unknown.f.stripe.createRefund = async () => {
      throw new ConflictError("invalid-state", "Stripe knows no such payment.");
    };
    await expect(unknown.run({ ...ask, amount: undefined }, ctx())).rejects.toMatchObject({
      code: "invalid-state",
      extensions: { state: "partially_refunded" },
    });
    expect(over.f.stripeCalls).toHaveLength(1);
  });
});

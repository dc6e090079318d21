import { createHash, randomUUID } from "node:crypto";
import { DEMO_ORGANISATIONS } from "@mp/local/demo";
import { demoApi } from "@mp/local/demo-api";
import { developerApplications, listItem, offerItem, publishApplication } from "@mp/local/demo-items";
import { demoSeed } from "@mp/local/simulator";
import type { LocalStack } from "@mp/local/stack";
import { waitFor } from "@mp/testing";
import {
  chargeDispute,
  chargeRefunded,
  checkoutSessionCompleted,
  paymentIntentSucceeded,
  type StripeEvent,
  signedStripeEvent,
  stripeId,
} from "@mp/testing/stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectProblem, httpClient } from "./http";
import { startTestStack } from "./stack";

/**
 * Purchases through the front door: an item published, offered and listed through the API, then paid for,
 * refunded and disputed with signed Stripe notifications; the provider reads its purchases and activity.
 */
const SECRET = "whsec_e2e_purchases_00000000000000";
/** Two of the demo provider's devices on the simulated platform: payments name devices the provider owns. */
const PROVIDER_DEVICES = demoSeed()
  .devices.filter((d) => d.organisationId === DEMO_ORGANISATIONS.provider.id)
  .map((d) => ({ deviceId: d.deviceId.toLowerCase(), boardId: d.boardId.toLowerCase() }));
const [DEVICE, LIVE_DEVICE] = PROVIDER_DEVICES.map((d) => d.deviceId) as [string, string];
let stack: LocalStack;
let call: ReturnType<typeof httpClient>;
let tokens: { provider: string; otherProvider: string; developer: string };
let listingId: string;
let itemId: string;
const logs: string[] = [];

interface Purchase {
  id: string;
  marketplaceItemId: string;
  displayName: string;
  listingId: string;
  deviceId: string;
  amount: { amount: number; currency: string };
  status: string;
  reason?: string;
  livemode: boolean;
  paymentReference: string;
}
interface Activity {
  items: { kind: string; at: string; deviceId: string; amount?: { amount: number }; reason?: string }[];
  limit: number;
}

beforeAll(async () => {
  stack = await startTestStack(logs, { STRIPE_WEBHOOK_SECRET: SECRET });
  call = httpClient(stack.gatewayUrl);
  tokens = {
    provider: stack.credentials.provider.token,
    developer: stack.credentials.developer.token,
    otherProvider: await stack.signToken({
      org: "0193a5d0-0000-7000-8000-0000000000fe",
      roles: ["provider"],
    }),
  };
  const instance = await call("POST", "/marketplace/instances", {
    token: stack.credentials.admin.token,
    body: { name: "Purchases", defaultCurrency: "EUR", platformFeeBps: 1000 },
  });
  expect(instance.status).toBe(200);
  const instanceId = instance.body.id as string;
  const api = demoApi(stack.gatewayUrl);
  const [application] = await developerApplications(api, tokens.developer, instanceId);
  const item = await publishApplication(api, tokens.developer, {
    instanceId,
    application: application!,
    basePrice: { amount: 1000, currency: "EUR" },
  });
  itemId = item!.id;
  await offerItem(api, stack.credentials.admin.token, instanceId, itemId);
  const listing = await listItem(api, tokens.provider, {
    instanceId,
    itemId,
    price: { amount: 2500, currency: "EUR" },
    visibility: "public",
  });
  listingId = listing.id;
}, 300_000);

afterAll(async () => {
  await stack?.stop();
});

async function notify(event: StripeEvent) {
  const { body, signature } = signedStripeEvent(event, SECRET);
  const response = await fetch(`${stack.gatewayUrl}/marketplace/webhooks/stripe`, {
    method: "POST",
    headers: { "content-type": "application/json", "stripe-signature": signature },
    body,
  });
  expect(response.status).toBe(204);
}

const purchases = async (query = "", token = tokens.provider) =>
  call<{ items: Purchase[]; totalCount: number }>("GET", `/marketplace/providers/purchases${query}`, {
    token,
  });
const purchaseOf = (pi: string, query = "") =>
  waitFor(async () => (await purchases(query)).body.items?.find((p) => p.paymentReference === pi), {
    what: `the purchase of ${pi}`,
    timeoutMs: 30_000,
  });
const statusOf = (pi: string, status: string) =>
  waitFor(
    async () =>
      (await purchases()).body.items?.find((p) => p.paymentReference === pi)?.status === status
        ? true
        : undefined,
    { what: `${pi} ${status}`, timeoutMs: 30_000 },
  );

/** A test-mode payment of the listing for `deviceId`, once the purchase exists; resolves to its intent. */
async function buy(deviceId: string, amount: number): Promise<string> {
  const pi = stripeId("pi");
  await notify(paymentIntentSucceeded({ listingId, deviceId, amount, currency: "EUR", paymentIntentId: pi }));
  await purchaseOf(pi);
  return pi;
}

describe("purchases from signed payment notifications", () => {
  it("one purchase per payment from its checkout and payment intent, however often they arrive", async () => {
    const pi = stripeId("pi");
    const payment = { listingId, deviceId: DEVICE, amount: 2500, currency: "EUR", paymentIntentId: pi };
    const succeeded = paymentIntentSucceeded(payment);
    await notify(succeeded);
    await notify(checkoutSessionCompleted(payment));
    await notify(succeeded);
    const purchase = await purchaseOf(pi);
    expect(purchase).toMatchObject({
      marketplaceItemId: itemId,
      listingId,
      deviceId: DEVICE,
      amount: { amount: 2500, currency: "EUR" },
      status: "completed",
      livemode: false,
    });
    expect(purchase.displayName).not.toBe("");
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect((await purchases()).body.items.filter((p) => p.paymentReference === pi)).toHaveLength(1);
  });

  it("refunds and disputes move the status and appear in the activity feed, newest first", async () => {
    const pi = await buy(DEVICE, 2500);
    await notify(chargeRefunded({ paymentIntentId: pi, amount: 2500, amountRefunded: 500, currency: "EUR" }));
    await statusOf(pi, "partially_refunded");
    await notify(chargeDispute({ paymentIntentId: pi, amount: 1500, currency: "EUR", status: "created" }));
    await statusOf(pi, "disputed");
    await notify(chargeDispute({ paymentIntentId: pi, amount: 1500, currency: "EUR", status: "won" }));
    await statusOf(pi, "partially_refunded");
    await notify(
      chargeRefunded({ paymentIntentId: pi, amount: 2500, amountRefunded: 2500, currency: "EUR" }),
    );
    await statusOf(pi, "refunded");
    const activity = await call<Activity>("GET", "/marketplace/providers/purchases/activity?limit=500", {
      token: tokens.provider,
    });
    expect(activity.status).toBe(200);
    expect(activity.body.limit).toBe(500);
    expect(activity.body.items.slice(0, 5).map((e) => [e.kind, e.amount?.amount])).toEqual([
      ["refund", 2000],
      ["dispute", 1500],
      ["dispute", 1500],
      ["refund", 500],
      ["purchase", 2500],
    ]);
  });

  it("a payment that is not the listing's price is held: listed with its reason, in the activity, counted", async () => {
    const pi = await buy(DEVICE, 2499);
    const held = await purchaseOf(pi);
    expect(held).toMatchObject({ status: "held", reason: "amount-mismatch", amount: { amount: 2499 } });
    const activity = await call<Activity>("GET", "/marketplace/providers/purchases/activity?limit=500", {
      token: tokens.provider,
    });
    expect(activity.body.items.find((e) => e.amount?.amount === 2499)).toMatchObject({
      kind: "purchase",
      reason: "amount-mismatch",
    });
    const metrics = await (await fetch(`${stack.opsUrls.purchases}/metrics`)).text();
    expect(metrics).toMatch(/^purchases_held_payments_total\{[^}]*reason="amount-mismatch"[^}]*\} 1$/m);
  });

  it("keeps live payments apart: the default mode in development is test", async () => {
    const pi = stripeId("pi");
    await notify(
      paymentIntentSucceeded(
        { listingId, deviceId: LIVE_DEVICE, amount: 2500, currency: "EUR", paymentIntentId: pi },
        { livemode: true },
      ),
    );
    const live = await purchaseOf(pi, "?livemode=true");
    expect(live.livemode).toBe(true);
    const byDefault = await purchases(`?deviceId=${LIVE_DEVICE}`);
    expect(byDefault.body.totalCount).toBe(0);
    expect(
      (await purchases(`?livemode=true&deviceId=${LIVE_DEVICE.toUpperCase()}`)).body.items.map(
        (p) => p.paymentReference,
      ),
    ).toEqual([pi]);
  });

  it("keeps payments for an unknown listing or a device the provider does not own as unmatched", async () => {
    const cases = [
      { listingId: randomUUID(), deviceId: DEVICE, reason: "unknown-listing" },
      { listingId, deviceId: "00000000000000ff", reason: "device-not-owned" },
    ];
    for (const { reason, ...payment } of cases) {
      const pi = stripeId("pi");
      await notify(paymentIntentSucceeded({ ...payment, amount: 100, currency: "EUR", paymentIntentId: pi }));
      const line = await waitFor(
        () => logs.find((l) => l.includes("payment update unmatched") && l.includes(pi)),
        { what: `the unmatched payment logged (${reason})`, timeoutMs: 30_000 },
      );
      expect(line).toContain(reason);
      expect((await purchases()).body.items.some((p) => p.paymentReference === pi)).toBe(false);
    }
    const metrics = await (await fetch(`${stack.opsUrls.purchases}/metrics`)).text();
    for (const { reason } of cases)
      expect(metrics).toMatch(
        new RegExp(`^purchases_unmatched_payments_total\\{[^}]*reason="${reason}"`, "m"),
      );
  });

  it("shows another organisation none of it, refuses other roles and bad bounds", async () => {
    const other = await purchases("", tokens.otherProvider);
    expect(other.status).toBe(200);
    expect(other.body.items).toEqual([]);
    const feed = await call<Activity>("GET", "/marketplace/providers/purchases/activity", {
      token: tokens.otherProvider,
    });
    expect(feed.body).toEqual({ items: [], limit: 50 });
    expectProblem(await purchases("", tokens.developer), 403, "forbidden");
    const bad = await call("GET", "/marketplace/providers/purchases/activity?limit=501", {
      token: tokens.provider,
    });
    expectProblem(bad, 400, "validation-failed");
  });
});

type DownloadAccess = {
  eligible: boolean;
  reason?: string;
  download?: { url: string; method: string; expiresAt: string; sizeBytes: number; sha256: string };
  errors?: Record<string, string[]>;
};
interface ItemRelease {
  version: string;
  board: { id: string };
  sizeBytes: number;
  sha256: string;
  status: string;
}

describe("download access to a purchased release", () => {
  const access = (deviceId: string, version: string, token = tokens.provider, item = itemId) =>
    call<DownloadAccess>(
      "GET",
      `/marketplace/marketplace-items/${item}/downloads/${encodeURIComponent(version)}/access?deviceId=${deviceId}`,
      { token },
    );
  const reasonOf = async (deviceId: string, version: string, token = tokens.provider) => {
    const answer = await access(deviceId, version, token);
    expect(answer.status).toBe(200);
    return answer.body.reason;
  };
  let release: ItemRelease;
  /** Provider devices with no purchase yet: one on the release's board, one on another board. */
  let onBoard: string;
  let otherBoard: string;

  beforeAll(async () => {
    const releases = await call<{ items: ItemRelease[] }>(
      "GET",
      `/marketplace/developers/marketplace-items/${itemId}/releases`,
      { token: tokens.developer },
    );
    release = releases.body.items.find((r) => r.status === "available")!;
    expect(release).toBeDefined();
    const fresh = PROVIDER_DEVICES.filter((d) => d.deviceId !== DEVICE && d.deviceId !== LIVE_DEVICE);
    const board = release.board.id.toLowerCase();
    onBoard = fresh.find((d) => d.boardId === board)!.deviceId;
    otherBoard = fresh.find((d) => d.boardId !== board)!.deviceId;
  });

  it("grants a presigned GET of the exact bytes for a completed purchase, then not once refunded", async () => {
    expect(await reasonOf(onBoard, release.version)).toBe("not-purchased");
    const pi = await buy(onBoard, 2500);
    const granted = await waitFor(
      async () => {
        const answer = await access(onBoard.toUpperCase(), release.version);
        return answer.body.eligible ? answer : undefined;
      },
      { what: "an eligible download", timeoutMs: 30_000 },
    );
    const { download } = granted.body;
    expect(granted.body.reason).toBeUndefined();
    expect(download).toMatchObject({ method: "GET", sizeBytes: release.sizeBytes, sha256: release.sha256 });
    const ttl = Date.parse(download!.expiresAt) - Date.now();
    expect(ttl).toBeGreaterThan(240_000);
    expect(ttl).toBeLessThanOrEqual(300_000);
    expect(download!.url).toContain("X-Amz-Expires=300");
    const bytes = Buffer.from(await (await fetch(download!.url)).arrayBuffer());
    expect(bytes.length).toBe(release.sizeBytes);
    expect(createHash("sha256").update(bytes).digest("hex")).toBe(release.sha256);

    expect(await reasonOf(onBoard, "0.0.0-none")).toBe("version-not-found");
    await notify(
      chargeRefunded({ paymentIntentId: pi, amount: 2500, amountRefunded: 2500, currency: "EUR" }),
    );
    await statusOf(pi, "refunded");
    const refunded = await access(onBoard, release.version);
    expect(refunded.body).toEqual({ eligible: false, reason: "purchase-not-active" });
  });

  it("answers incompatible for a device on another board", async () => {
    await buy(otherBoard, 2500);
    expect(await reasonOf(otherBoard, release.version)).toBe("incompatible");
  });

  it("shows another organisation only not-device-owner, 404 for an unknown item, 400 for a bad device id", async () => {
    const other = await access(DEVICE, release.version, tokens.otherProvider);
    expect(other.body).toEqual({ eligible: false, reason: "not-device-owner" });
    expect(await reasonOf(DEVICE, release.version, tokens.developer)).toBe("not-device-owner");
    expectProblem(await access(DEVICE, release.version, tokens.provider, randomUUID()), 404, "not-found");
    const bad = await access("nothex", release.version);
    expectProblem(bad, 400, "validation-failed");
    expect(Object.keys(bad.body.errors ?? {})).toEqual(["query.deviceId"]);
  });
});

import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { makeStripeClient } from "@mp/stripe";
import Stripe from "stripe";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type RunningStripeStandIn, startStripeStandIn } from "./index";

const SECRET = "whsec_stand_in_test_secret";
const LISTING = { listingId: "0190b7a4-7e2c-7cc0-8d7b-2f4c1e9a0b11", deviceId: "00112233aabbccdd" };

/** A webhook endpoint that verifies each notification as settlements does and answers `status(n)`. */
async function endpoint(status: (n: number) => number = () => 204) {
  const received: Stripe.Event[] = [];
  let calls = 0;
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      calls += 1;
      const answer = status(calls);
      if (answer < 300) {
        const header = String(req.headers["stripe-signature"]);
        received.push(Stripe.webhooks.constructEvent(Buffer.concat(chunks), header, SECRET));
      }
      res.writeHead(answer).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/marketplace/webhooks/stripe`;
  return { url, received, calls: () => calls, close: () => new Promise((r) => server.close(r)) };
}

async function until<T>(read: () => T | undefined, what: string, ms = 5_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

let standIn: RunningStripeStandIn;
let hook: Awaited<ReturnType<typeof endpoint>>;
let stripe: Stripe;

async function start(status?: (n: number) => number) {
  hook = await endpoint(status);
  standIn = await startStripeStandIn({
    webhookUrl: hook.url,
    webhookSecret: SECRET,
    retryDelaysMs: [50, 50],
  });
  stripe = makeStripeClient({ STRIPE_API_KEY: "sk_test_stand_in", STRIPE_API_BASE: standIn.url });
}

const createSession = (overrides: Partial<Stripe.Checkout.SessionCreateParams> = {}) =>
  stripe.checkout.sessions.create({
    mode: "payment",
    line_items: [
      {
        quantity: 1,
        price_data: { currency: "usd", unit_amount: 1999, product_data: { name: "Air <Quality>" } },
      },
    ],
    success_url: "https://shop.example/done?session={CHECKOUT_SESSION_ID}",
    cancel_url: "https://shop.example/cancelled",
    metadata: LISTING,
    payment_intent_data: { metadata: LISTING },
    expires_at: Math.floor(Date.now() / 1000) + 30 * 60,
    ...overrides,
  });

const press = (url: string, button: "pay" | "decline") =>
  fetch(`${url}/${button}`, { method: "POST", redirect: "manual" });

describe("the Stripe stand-in, driven by the stripe SDK", () => {
  beforeEach(async () => start());
  afterEach(async () => {
    await standIn.stop();
    await hook.close();
  });

  it("creates and retrieves a checkout session shaped as Stripe's, with a hosted page", async () => {
    const session = await createSession({ customer_email: "buyer@example.com" });
    expect(session).toMatchObject({
      object: "checkout.session",
      mode: "payment",
      status: "open",
      payment_status: "unpaid",
      amount_total: 1999,
      currency: "usd",
      metadata: LISTING,
      customer_email: "buyer@example.com",
      livemode: false,
    });
    expect(session.id).toMatch(/^cs_test_/);
    expect(await stripe.checkout.sessions.retrieve(session.id)).toEqual(session);
    const page = await (await fetch(session.url ?? "")).text();
    expect(page).toContain("Air &lt;Quality&gt;");
    expect(page).toContain("$19.99");
    expect(page).toMatch(/<button[^>]*>Pay<\/button>/);
    expect(page).toMatch(/<button[^>]*>Decline<\/button>/);
  });

  it("refuses what Stripe refuses, in Stripe's error shape", async () => {
    const missing = await createSession({ success_url: undefined }).catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(missing).toMatchObject({ code: "parameter_missing", param: "success_url", statusCode: 400 });
    const unknown = await stripe.checkout.sessions.retrieve("cs_test_nope").catch((e: unknown) => e);
    expect(unknown).toMatchObject({ code: "resource_missing", statusCode: 404 });
    const live = makeStripeClient({ STRIPE_API_KEY: "sk_live_wrong", STRIPE_API_BASE: standIn.url });
    const denied = await live.events.list().catch((e: unknown) => e);
    expect(denied).toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
  });

  it("paying redirects to success_url and sends signed notifications carrying the metadata", async () => {
    const session = await createSession();
    const paid = await press(session.url ?? "", "pay");
    expect(paid.status).toBe(303);
    expect(paid.headers.get("location")).toBe(`https://shop.example/done?session=${session.id}`);
    await until(() => (hook.received.length === 3 ? true : undefined), "three notifications");
    expect(hook.received.map((e) => e.type)).toEqual([
      "charge.succeeded",
      "payment_intent.succeeded",
      "checkout.session.completed",
    ]);
    const completed = (await stripe.checkout.sessions.retrieve(session.id)) as Stripe.Checkout.Session;
    expect(completed).toMatchObject({ status: "complete", payment_status: "paid" });
    const intent = await stripe.paymentIntents.retrieve(String(completed.payment_intent));
    expect(intent).toMatchObject({ status: "succeeded", amount_received: 1999, metadata: LISTING });
    const charge = await stripe.charges.retrieve(String(intent.latest_charge));
    expect(charge).toMatchObject({ paid: true, amount: 1999, payment_intent: intent.id, metadata: LISTING });
    expect(hook.received[2]?.data.object).toMatchObject({ id: session.id, payment_intent: intent.id });
    // A completed session cannot be paid twice.
    expect((await press(session.url ?? "", "pay")).status).toBe(400);
  });

  it("declining fails the payment intent and redirects to cancel_url", async () => {
    const session = await createSession();
    const declined = await press(session.url ?? "", "decline");
    expect(declined.headers.get("location")).toBe("https://shop.example/cancelled");
    await until(() => hook.received[0], "the failure notification");
    expect(hook.received.map((e) => e.type)).toEqual(["payment_intent.payment_failed"]);
    expect(hook.received[0]?.data.object).toMatchObject({
      status: "requires_payment_method",
      last_payment_error: { code: "card_declined" },
    });
    expect(await stripe.checkout.sessions.retrieve(session.id)).toMatchObject({ status: "open" });
  });

  it("lists events newest first, filtered by types[] and created[gte], paged with starting_after", async () => {
    for (let i = 0; i < 3; i++) await press((await createSession()).url ?? "", "pay");
    await press((await createSession()).url ?? "", "decline");
    const since = Math.floor(Date.now() / 1000) - 60;
    const page = await stripe.events.list({
      types: ["checkout.session.completed", "payment_intent.succeeded"],
      limit: 4,
    });
    expect(page.data).toHaveLength(4);
    expect(page.has_more).toBe(true);
    const all = await stripe.events
      .list({
        types: ["checkout.session.completed", "payment_intent.succeeded"],
        created: { gte: since },
        limit: 4,
      })
      .autoPagingToArray({ limit: 100 });
    expect(all).toHaveLength(6);
    expect(new Set(all.map((e) => e.id)).size).toBe(6);
    const ids = standIn.world.events
      .filter((e) => e.type !== "charge.succeeded" && e.type !== "payment_intent.payment_failed")
      .map((e) => e.id);
    expect(all.map((e) => e.id)).toEqual(ids.reverse());
    const future = await stripe.events.list({ created: { gte: since + 3600 } });
    expect(future.data).toEqual([]);
    const one = await stripe.events.list({ type: "payment_intent.payment_failed" });
    expect(one.data.map((e) => e.type)).toEqual(["payment_intent.payment_failed"]);
  });

  it("refunds once per Idempotency-Key and never more than the charge", async () => {
    const session = await createSession();
    await press(session.url ?? "", "pay");
    const intent = String((await stripe.checkout.sessions.retrieve(session.id)).payment_intent);
    const first = await stripe.refunds.create(
      { payment_intent: intent, amount: 500 },
      { idempotencyKey: "refund-1" },
    );
    const again = await stripe.refunds.create(
      { payment_intent: intent, amount: 500 },
      { idempotencyKey: "refund-1" },
    );
    expect(again.id).toBe(first.id);
    expect(standIn.world.refunds.size).toBe(1);
    const reused = await stripe.refunds
      .create({ payment_intent: intent, amount: 700 }, { idempotencyKey: "refund-1" })
      .catch((e: unknown) => e);
    expect(reused).toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
    const tooMuch = await stripe.refunds
      .create({ payment_intent: intent, amount: 1500 })
      .catch((e: unknown) => e);
    expect(tooMuch).toMatchObject({ code: "amount_too_large", param: "amount" });
    const rest = await stripe.refunds.create({ payment_intent: intent });
    expect(rest).toMatchObject({
      object: "refund",
      amount: 1499,
      status: "succeeded",
      payment_intent: intent,
    });
    await until(() => (hook.received.length === 7 ? true : undefined), "the refund notifications");
    const refunded = hook.received
      .filter((e) => e.type === "charge.refunded")
      .map((e) => e.data.object as Stripe.Charge);
    expect(refunded.map((c) => [c.amount_refunded, c.refunded, c.metadata])).toEqual([
      [500, false, LISTING],
      [1999, true, LISTING],
    ]);
  });

  it("withholds notifications while deliveries are off, and still lists the events", async () => {
    const off = await fetch(`${standIn.url}/_control/deliveries`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ enabled: false }),
    });
    expect(off.status).toBe(200);
    await press((await createSession()).url ?? "", "pay");
    await standIn.deliveries.settled();
    await new Promise((r) => setTimeout(r, 100));
    expect(hook.calls()).toBe(0);
    expect((await stripe.events.list()).data).toHaveLength(3);
  });
});

describe("notification retries", () => {
  afterEach(async () => {
    await standIn.stop();
    await hook.close();
  });

  it("sends a notification again when the endpoint does not answer 2xx", async () => {
    await start((n) => (n === 1 ? 503 : 204));
    await press((await createSession()).url ?? "", "pay");
    await until(() => (hook.received.length === 3 ? true : undefined), "every notification accepted");
    // The endpoint counts a notification before it answers; the stand-in records the attempt once answered.
    const accepted = (a: { status: number }) => a.status >= 200 && a.status < 300;
    await until(
      () => (standIn.deliveries.attempts.filter(accepted).length === 3 ? true : undefined),
      "every accepted attempt recorded",
    );
    const attempts = standIn.deliveries.attempts;
    const first = attempts.filter((a) => a.type === "charge.succeeded").map((a) => [a.attempt, a.status]);
    expect(first).toEqual([
      [1, 503],
      [2, 204],
    ]);
    expect(new Set(hook.received.map((e) => e.type)).size).toBe(3);
  });
});

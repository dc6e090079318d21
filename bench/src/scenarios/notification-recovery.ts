import { setTimeout as sleep } from "node:timers/promises";
import { type BenchContext, notRun, type Scenario } from "../scenario";
import { type CheckoutFixture, checkoutFixture, probeCheckout, purchasesOf } from "./checkout-fixture";
import { ROUTE_NOT_AVAILABLE } from "./route-probe";

/** Scenario J (issue 26): a payment whose notifications were withheld, until reconciliation makes the purchase. */
export const notificationRecovery: Scenario = {
  id: "J",
  title: "Withheld payment notification -> purchase, by reconciliation",
  method: [
    'The stand-in\'s notifications are switched off (`POST /_control/deliveries {"enabled": false}`), the',
    "demo provider creates a Checkout Session through the gateway for its first demo listing and a device",
    "of its own, and the session is paid on the stand-in (its hosted page's `Pay` form post). Time from the",
    "pay answer until `GET /marketplace/providers/purchases?deviceId=...` lists the purchase, polled every",
    "100 ms, one payment at a time, each for another device; the goal is on the slowest. Every payment but",
    "the first is made just after the pass that recovered the one before, so it waits the longest a payment",
    "can wait for the next pass (half an interval: passes run every half `STRIPE_RECONCILE_INTERVAL`, 10 s on",
    "the runner's stack) and then its processing. Only settlements' reconciliation (`GET /v1/events`) can",
    "find these payments. Baseline: the same with notifications on (Stripe's signed webhook to the gateway).",
  ].join(" "),
  async run(ctx) {
    const standIn = ctx.stripeApiBase;
    if (!standIn) return notRun("the stack has no Stripe stand-in (stripeApiBase)");
    const samples = ctx.quick ? 2 : 5;
    const fixture = await checkoutFixture(ctx);
    // Scenario I checks out for the first device (never paid); the paid ones come after it.
    const devices = fixture.devices.slice(1);
    if (devices.length < 2 * samples)
      return notRun(`${devices.length} demo provider devices without the item; ${2 * samples} needed`);
    const intervalMs = ctx.reconcileIntervalSeconds * 1000;
    const timeoutMs = 3 * intervalMs + 30_000;
    const withheld: number[] = [];
    const delivered: number[] = [];
    try {
      await setDeliveries(standIn, false);
      const attemptsBefore = await deliveryAttempts(standIn);
      for (let i = 0; i < samples; i++) {
        const ms = await payAndWait(ctx, fixture, devices[i]!, timeoutMs);
        if (ms === undefined) return notRun(ROUTE_NOT_AVAILABLE);
        ctx.log(`J: withheld payment ${i + 1} of ${samples} recovered after ${(ms / 1000).toFixed(1)} s`);
        withheld.push(ms);
      }
      // The purchases must have come from reconciliation: not one notification may have been sent.
      const sent = (await deliveryAttempts(standIn)) - attemptsBefore;
      if (sent !== 0) throw new Error(`the stand-in sent ${sent} notifications while they were withheld`);
    } finally {
      await setDeliveries(standIn, true);
    }
    for (let i = 0; i < samples; i++) {
      const ms = await payAndWait(ctx, fixture, devices[samples + i]!, timeoutMs);
      if (ms === undefined) return notRun(ROUTE_NOT_AVAILABLE);
      delivered.push(ms);
    }
    const slowest = Math.max(...withheld);
    const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
    return {
      status: "ran",
      figures: [
        {
          name: `slowest recovery of ${samples} withheld payments`,
          value: slowest / 1000,
          unit: "s",
          baseline: { name: "notifications delivered (slowest)", value: Math.max(...delivered) / 1000 },
          goal: { text: `<= one interval (${ctx.reconcileIntervalSeconds} s)`, met: slowest <= intervalMs },
        },
      ],
      notes: [
        `STRIPE_RECONCILE_INTERVAL=${ctx.reconcileIntervalSeconds} s; withheld: ${withheld.map(seconds).join(", ")}; delivered: ${delivered.map(seconds).join(", ")}`,
      ],
    };
  },
};

/** Turns the stand-in's notifications on or off. */
async function setDeliveries(standIn: string, enabled: boolean): Promise<void> {
  const response = await fetch(`${standIn}/_control/deliveries`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ enabled }),
  });
  if (!response.ok) throw new Error(`the stand-in's deliveries control answered ${response.status}`);
}

/** How many notification attempts the stand-in has made so far. */
async function deliveryAttempts(standIn: string): Promise<number> {
  const response = await fetch(`${standIn}/_control/deliveries`);
  if (!response.ok) throw new Error(`the stand-in's deliveries control answered ${response.status}`);
  return ((await response.json()) as { attempts: unknown[] }).attempts.length;
}

/**
 * Checks out through the gateway for `deviceId`, pays on the stand-in, and resolves with the milliseconds
 * from the pay answer until the provider's purchases list it; undefined when the checkout route is not built.
 */
async function payAndWait(
  ctx: BenchContext,
  fixture: CheckoutFixture,
  deviceId: string,
  timeoutMs: number,
): Promise<number | undefined> {
  const probe = await probeCheckout(ctx, fixture, deviceId);
  if (probe.status === "not-built") return undefined;
  const paid = await fetch(`${probe.session.url}/pay`, { method: "POST", redirect: "manual" });
  await paid.body?.cancel();
  if (paid.status !== 303)
    throw new Error(`paying ${probe.session.checkoutSessionId} answered ${paid.status}`);
  const started = performance.now();
  while ((await purchasesOf(ctx.gateway, ctx.tokens.provider, deviceId, fixture.itemId)) === 0) {
    if (performance.now() - started > timeoutMs)
      throw new Error(`no purchase for ${deviceId} ${timeoutMs / 1000} s after paying`);
    await sleep(100);
  }
  return performance.now() - started;
}

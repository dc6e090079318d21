import { setTimeout as sleep } from "node:timers/promises";
import { DEV_SECRETS } from "@mp/local/stack-env";
import { makeStripeClient } from "@mp/stripe";
import { childrenRunning, cpuDuring, cpuMs } from "../cpu";
import { p99Figure } from "../latency-figure";
import { postJson } from "../load/http";
import { runOpenLoop } from "../load/open-loop";
import { authHeader, notRun, type Scenario } from "../scenario";
import { checkoutBody, checkoutFixture, checkoutPath, probeCheckout } from "./checkout-fixture";
import { ROUTE_NOT_AVAILABLE } from "./route-probe";

const RATE = 20;
/** The quiet window before the run that measures each process's CPU with no checkout. */
const IDLE_MS = 5_000;
const GOAL_MS = 100;
const SDK_BASELINE = "stripe SDK -> stand-in";
const STAND_IN = "deploy/local/src/stripe/main.ts";
/** The processes a checkout passes through, by entry file (the stand-in's own CPU included). */
const CHECKOUT_PATH = [
  "gateway/src/main.ts",
  "services/purchases/src/main.ts",
  "services/settlements/src/main.ts",
  "services/iot-adapter/src/main.ts",
  "deploy/local/src/simulator/main.ts",
  STAND_IN,
];

/** Scenario I (issue 26): creating a Stripe Checkout Session through the gateway, against the stand-in. */
export const checkoutCreation: Scenario = {
  id: "I",
  title: "Checkout session creation through the gateway, vs the stripe SDK on the stand-in",
  method: [
    `The demo provider asks for Checkout Sessions (\`POST /marketplace/providers/listings/{itemId}/checkout-sessions\`)`,
    `at ${RATE}/s, open loop, with its bearer token, for its first demo listing and a device of its own`,
    "(the demo data made through the API; no purchase of the item on that device). Every request is a new",
    "request id, so a new idempotency key and a new session on the launcher's Stripe stand-in; none is",
    "paid. Latency from the scheduled send to the 201. Baseline: the same session (price, name, metadata,",
    `return URLs, 30-minute expiry) created straight on the stand-in with the \`stripe\` SDK at ${RATE}/s.`,
  ].join(" "),
  async run(ctx) {
    if (!ctx.stripeApiBase) return notRun("the stack has no Stripe stand-in (stripeApiBase)");
    const fixture = await checkoutFixture(ctx);
    const deviceId = fixture.devices[0];
    if (!deviceId) return notRun("every demo provider device has bought the demo item already");
    const probe = await probeCheckout(ctx, fixture, deviceId);
    if (probe.status === "not-built") return notRun(ROUTE_NOT_AVAILABLE);
    const headers = authHeader(ctx.tokens.provider);
    const path = checkoutPath(fixture.itemId);
    const body = checkoutBody(ctx, fixture, deviceId);
    const options = { rate: RATE, durationMs: ctx.durations.openLoopMs, warmupMs: ctx.durations.warmupMs };
    ctx.log(`I: ${RATE} checkouts/s through the gateway`);
    // CPU time is steadier than latency on a shared machine; empty pid lists on an attached stack.
    const byProcess = CHECKOUT_PATH.map((entry) => ({ entry, pids: childrenRunning(entry) }));
    const pathPids = byProcess.flatMap((p) => p.pids);
    const standInPids = childrenRunning(STAND_IN);
    const cpuOf = (pids: number[]) => pids.reduce((sum, pid) => sum + cpuMs(pid), 0);
    // What the processes spend with no checkout at all (timers, consumers, health checks), for scale.
    const idleStart = byProcess.map((p) => cpuOf(p.pids));
    await sleep(IDLE_MS);
    const idlePerCheckout = byProcess.map(
      (p, i) => (cpuOf(p.pids) - (idleStart[i] ?? 0)) / ((IDLE_MS / 1000) * RATE),
    );
    const startCpu = byProcess.map((p) => cpuOf(p.pids));
    const gatewayRun = await cpuDuring(pathPids, () =>
      runOpenLoop({
        ...options,
        operation: async () => {
          const session = await postJson<{ checkoutSessionId: string }>(ctx.gateway, path, headers, body);
          if (!session.checkoutSessionId.startsWith("cs_")) throw new Error("no checkout session id");
        },
      }),
    );
    const result = gatewayRun.result;
    // Where the checkout's CPU went, process by process (which hop to make cheaper).
    const perProcess = byProcess
      .map((p, i) => {
        const parts = p.entry.split("/");
        const name =
          (parts[0] === "services" ? parts[1] : parts[0] === "deploy" ? parts[3] : parts[0]) ?? p.entry;
        const used = (cpuOf(p.pids) - (startCpu[i] ?? 0)) / Math.max(1, result.sent);
        return `${name} ${used.toFixed(2)} (idle ${(idlePerCheckout[i] ?? 0).toFixed(2)})`;
      })
      .join(", ");
    ctx.log(`I: baseline, ${RATE} sessions/s with the stripe SDK`);
    const stripe = makeStripeClient({
      STRIPE_API_KEY: DEV_SECRETS.STRIPE_API_KEY,
      STRIPE_API_BASE: ctx.stripeApiBase,
    });
    const metadata = {
      marketplaceItemId: fixture.itemId,
      marketplaceInstanceId: fixture.instanceId,
      deviceId,
      listingId: "bench",
    };
    const baselineRun = await cpuDuring(standInPids, () =>
      runOpenLoop({
        ...options,
        operation: async (i) => {
          await stripe.checkout.sessions.create(
            {
              mode: "payment",
              line_items: [
                {
                  quantity: 1,
                  price_data: {
                    currency: fixture.price.currency.toLowerCase(),
                    unit_amount: fixture.price.amount,
                    product_data: { name: "Bench item" },
                  },
                },
              ],
              metadata,
              payment_intent_data: { metadata },
              success_url: body.successUrl,
              cancel_url: body.cancelUrl,
              expires_at: Math.floor(Date.now() / 1000) + 30 * 60,
            },
            { idempotencyKey: `bench-checkout-${Date.now()}-${i}` },
          );
        },
      }),
    );
    const baseline = baselineRun.result;
    return {
      status: "ran",
      figures: [
        p99Figure({
          name: `p99 checkout creation at ${RATE}/s`,
          result,
          baseline: { name: SDK_BASELINE, result: baseline },
          goalMs: GOAL_MS,
        }),
        ...(pathPids.length === CHECKOUT_PATH.length
          ? [
              {
                name: "CPU per checkout (gateway, purchases, settlements, iot-adapter, simulator, stand-in)",
                value: gatewayRun.cpuMs / Math.max(1, result.sent),
                unit: "ms",
                baseline: {
                  name: "stand-in CPU per SDK session",
                  value: baselineRun.cpuMs / Math.max(1, baseline.sent),
                },
              },
            ]
          : []),
      ],
      notes: [
        `achieved rate ${result.achievedRate.toFixed(1)}/s; p50 ${result.latency.percentile(0.5).toFixed(1)} ms (baseline ${baseline.latency.percentile(0.5).toFixed(1)} ms)`,
        ...(pathPids.length === CHECKOUT_PATH.length
          ? [
              `CPU per checkout by process, ms (in brackets what the process spends idle over the same time, from ${IDLE_MS / 1000} s with no load before): ${perProcess}`,
            ]
          : []),
        ...(result.firstError ? [`first failure: ${result.firstError}`] : []),
        ...(baseline.firstError ? [`first baseline failure: ${baseline.firstError}`] : []),
      ],
    };
  },
};

import { randomBytes } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import { fileURLToPath } from "node:url";
import { DEMO_ORGANISATIONS } from "@mp/local/demo";
import { seedDemoData } from "@mp/local/demo-data";
import { demoSeed } from "@mp/local/simulator";
import { paymentIntentSucceeded, signStripePayload } from "@mp/testing/stripe";
import pg from "pg";
import type { Pool } from "undici";
import { startBareServer } from "../bare/spawn";
import { httpPool } from "../load/http";
import { type OpenLoopResult, runOpenLoop } from "../load/open-loop";
import { type BenchContext, type Figure, notRun, type Scenario } from "../scenario";
import { cpuBetween, cpuFigures, cpuSnapshot } from "./webhook-cpu";

const RATE = 1_000;
const PATH = "/marketplace/webhooks/stripe";
const BARE_ENTRY = fileURLToPath(new URL("../bare/webhook-server.ts", import.meta.url));

/** A signed notification ready to send: generated before the run, so the generator only writes bytes. */
interface Signed {
  body: string;
  signature: string;
}

interface Payment {
  listingId: string;
  amount: number;
  currency: string;
  devices: string[];
}

/** Scenario E: signed Stripe notifications through the gateway, stored, processed and turned into purchases. */
export const webhookIntake: Scenario = {
  id: "E",
  title: "Payment notification intake at 1,000 events/s",
  method: [
    `\`POST ${PATH}\` at ${RATE} events/s (open loop) for 60 s after 5 s of warm-up (BENCH_QUICK: 10 s),`,
    "each a `payment_intent.succeeded` with its own event and payment intent id, naming the demo provider's",
    "public listing and one of its devices on the simulated platform, so every event makes a purchase.",
    "Bodies are signed beforehand with the stack's webhook secret by the `stripe` package",
    "(`generateTestHeaderString`), so the generator only sends bytes. Afterwards the run waits until every",
    "stored event is processed and every purchase exists and is booked in the ledger, counting rows in",
    "`settlements.payment_events`, `settlements.payment_intents` (version 1: processed once), `purchases.purchases`",
    "and `settlements.ledger_purchases`; CPU per event of each process comes from /proc. Baseline: a bare",
    "fastify + pg process that verifies the same signatures with `stripe` and INSERTs each event into a",
    "table of the same database before its 204, at the same rate for the open-loop phase.",
  ].join(" "),
  async run(ctx) {
    if (!ctx.stripeWebhookSecret) return notRun("the stack did not tell its webhook secret");
    const secret = ctx.stripeWebhookSecret;
    const payment = await purchasablePayment(ctx);
    const run = randomBytes(4).toString("hex");
    const db = new pg.Pool({ connectionString: ctx.databaseUrl, max: 2 });
    db.on("error", () => {});
    try {
      // One payment first, end to end: the listing and item are known to purchases, the device resolves.
      const probe = sign(payment, `${run}probe`, secret);
      await send(ctx.gateway, probe);
      await waitUntil(
        async () => (await counts(db, `%bench\\_${run}probe`)).purchases === 1,
        120_000,
        "the probe payment's purchase",
      );

      const durationMs = ctx.quick ? 10_000 : 65_000;
      const warmupMs = ctx.quick ? 2_000 : 5_000;
      const total = Math.floor((durationMs / 1000) * RATE);
      ctx.log(`E: signing ${total} notifications`);
      const events = Array.from({ length: total }, (_, i) => sign(payment, `${run}_${i}`, secret));
      const accepted = new Set<number>();
      const intake = httpPool(ctx.gatewayUrl, 128);
      ctx.log(`E: ${RATE} notifications/s through the gateway`);
      let result: OpenLoopResult;
      const sendStart = cpuSnapshot();
      try {
        result = await runOpenLoop({
          rate: RATE,
          durationMs,
          warmupMs,
          drainMs: 30_000,
          operation: async (i) => {
            await send(intake, events[i] as Signed);
            accepted.add(i);
          },
        });
      } finally {
        await intake.close();
      }
      const loadEnded = performance.now();
      const sendEnd = cpuSnapshot();
      ctx.log(`E: ${accepted.size} accepted; waiting for processing and purchases`);
      // Purchases are made by one worker of the purchases service, in delivery order (batches of queued
      // updates per transaction): slower than intake; the wait is capped, and the rate shown.
      const drainLimitMs = ctx.quick ? 120_000 : 300_000;
      let processedAt: number | undefined;
      let purchasedAt: number | undefined;
      let bookedAt: number | undefined;
      let booked = 0;
      const mine = `%bench\\_${run}\\_%`;
      let last = await counts(db, mine);
      const purchasesBefore = last.purchases;
      while (performance.now() - loadEnded < drainLimitMs) {
        last = await counts(db, mine);
        if (processedAt === undefined && last.processed >= last.stored && last.stored >= accepted.size)
          processedAt = performance.now();
        if (purchasedAt === undefined && last.purchases >= accepted.size) purchasedAt = performance.now();
        // Then the ledger: the drain's CPU counts every purchase booked, not only made.
        if (purchasedAt !== undefined) booked = await bookedInLedger(db, mine);
        if (bookedAt === undefined && booked >= accepted.size) bookedAt = performance.now();
        if (processedAt !== undefined && bookedAt !== undefined) break;
        await sleep(250);
      }
      const drainEnd = cpuSnapshot();
      booked = await bookedInLedger(db, mine);
      const sendCpu = cpuBetween(sendStart, sendEnd);
      const drainCpu = cpuBetween(sendEnd, drainEnd);
      ctx.log(
        `E: CPU ms over the send phase ${JSON.stringify(sendCpu)}, over the drain ${JSON.stringify(drainCpu)} (${last.purchases - purchasesBefore} purchases)`,
      );

      ctx.log("E: baseline (bare fastify + stripe + pg)");
      const baseline = await runBaseline(ctx, payment, `${run}_bare`);
      const seconds = (durationMs - warmupMs) / 1000;
      const baselineSeconds = (ctx.durations.openLoopMs - ctx.durations.warmupMs) / 1000;
      const ok = result.latency.count;
      const failures = result.failed + result.dropped;
      const errors = failures;
      const exactlyOnce = last.stored === last.processed && last.twice === 0;
      const figures: Figure[] = [
        {
          name: "verified events accepted (2xx/s, measured part)",
          value: ok / seconds,
          unit: "events/s",
          baseline: { name: "bare fastify + stripe + pg", value: baseline.latency.count / baselineSeconds },
          goal: { text: `>= ${RATE}/s for 60 s`, met: ok / seconds >= RATE * 0.99 && failures === 0 },
          failures,
        },
        {
          name: `p99 2xx at ${RATE}/s`,
          value: result.latency.percentile(0.99),
          unit: "ms",
          baseline: { name: "bare fastify + stripe + pg", value: baseline.latency.percentile(0.99) },
          goal: { text: "<= 100 ms", met: result.latency.percentile(0.99) <= 100 && failures === 0 },
          failures,
        },
        {
          name: `p50 2xx at ${RATE}/s`,
          value: result.latency.percentile(0.5),
          unit: "ms",
          baseline: { name: "bare fastify + stripe + pg", value: baseline.latency.percentile(0.5) },
        },
        { name: "errors (non-2xx, dropped, timed out)", value: errors, unit: "" },
        { name: "accepted (204) events", value: accepted.size, unit: "" },
        {
          name: "stored in settlements.payment_events",
          value: last.stored,
          unit: "",
          goal: { text: "every accepted event", met: last.stored >= accepted.size },
        },
        {
          name: "processed, each once (payment intent at version 1)",
          value: last.processed,
          unit: "",
          goal: { text: "every stored event, none twice", met: exactlyOnce },
        },
        { name: "processed more than once", value: last.twice, unit: "" },
        {
          name: "purchases made",
          value: last.purchases,
          unit: "",
          goal: { text: "one per stored event", met: last.purchases === last.stored },
        },
        {
          name: "purchases made per second after the last send",
          value:
            (last.purchases - purchasesBefore) / (((purchasedAt ?? performance.now()) - loadEnded) / 1000),
          unit: "/s",
        },
        {
          name: "time to drain: all processed, after the last send",
          value: processedAt === undefined ? Number.NaN : (processedAt - loadEnded) / 1000,
          unit: "s",
        },
        {
          name: "time to drain: all purchases made, after the last send",
          value: purchasedAt === undefined ? Number.NaN : (purchasedAt - loadEnded) / 1000,
          unit: "s",
        },
        {
          name: "purchases booked in the ledger",
          value: booked,
          unit: "",
          goal: { text: "every purchase", met: booked >= last.purchases },
        },
        {
          name: "time to drain: all purchases booked in the ledger, after the last send",
          value: bookedAt === undefined ? Number.NaN : (bookedAt - loadEnded) / 1000,
          unit: "s",
        },
        ...cpuFigures(sendCpu, accepted.size, drainCpu, last.purchases - purchasesBefore),
      ];
      const notes = [
        `${events.length} events sent over ${durationMs / 1000} s (the first ${warmupMs / 1000} s not counted in the latency figures); achieved send rate ${result.achievedRate.toFixed(0)}/s`,
        `baseline: ${baseline.latency.count} answered over ${baselineSeconds} s measured, ${baseline.failed + baseline.dropped} failures`,
        "CPU figures: user + system time from /proc/<pid>/stat of the stack's processes (PostgreSQL: the stack's own server, its ended backends included), divided by the events accepted during the send phase or by the purchases made during the drain after it (which lasts until every purchase is also booked in the ledger)",
      ];
      if (processedAt === undefined || bookedAt === undefined)
        notes.push(
          `not drained after ${drainLimitMs / 1000} s: ${last.processed} of ${last.stored} processed, ${last.purchases} purchases, ${booked} booked`,
        );
      if (result.firstError) notes.push(`first failure: ${result.firstError}`);
      if (baseline.firstError) notes.push(`first baseline failure: ${baseline.firstError}`);
      return { status: "ran", figures, notes };
    } finally {
      await db.end();
    }
  },
};

/** The demo provider's public listing (seeded through the API when missing) and the devices it owns. */
async function purchasablePayment(ctx: BenchContext): Promise<Payment> {
  const credentials = {
    admin: { token: ctx.tokens.admin, organisationId: DEMO_ORGANISATIONS.admin.id },
    developer: { token: ctx.tokens.developer, organisationId: DEMO_ORGANISATIONS.developer.id },
    provider: { token: ctx.tokens.provider, organisationId: DEMO_ORGANISATIONS.provider.id },
  } as Parameters<typeof seedDemoData>[1];
  const demo = await seedDemoData(ctx.gatewayUrl, credentials);
  const listingId = demo.listingIds[0];
  if (!listingId) throw new Error("the demo data has no listing");
  const devices = demoSeed()
    .devices.filter((d) => d.organisationId === DEMO_ORGANISATIONS.provider.id)
    .map((d) => d.deviceId.toLowerCase());
  if (devices.length === 0) throw new Error("the simulator's demo seed gives the provider no device");
  return { listingId, amount: 998, currency: "EUR", devices };
}

function sign(payment: Payment, key: string, secret: string): Signed {
  const index = Number(key.split("_").pop()) || 0;
  const event = paymentIntentSucceeded(
    {
      listingId: payment.listingId,
      deviceId: payment.devices[index % payment.devices.length] as string,
      amount: payment.amount,
      currency: payment.currency,
      paymentIntentId: `pi_bench_${key}`,
    },
    { id: `evt_bench_${key}` },
  );
  const body = JSON.stringify(event);
  return { body, signature: signStripePayload(body, secret) };
}

async function send(pool: Pool, event: Signed): Promise<void> {
  const response = await pool.request({
    method: "POST",
    path: PATH,
    headers: { "content-type": "application/json", "stripe-signature": event.signature },
    body: event.body,
  });
  const text = await response.body.text();
  if (response.statusCode < 200 || response.statusCode >= 300)
    throw new Error(`POST ${PATH} answered ${response.statusCode}: ${text.slice(0, 200)}`);
}

/** Purchases of payment intents matching `like` whose change settlements' ledger writer has applied. */
async function bookedInLedger(db: pg.Pool, like: string): Promise<number> {
  const { rows } = await db.query<{ booked: number }>(
    `SELECT count(*)::int AS booked FROM settlements.ledger_purchases l
       JOIN purchases.purchases p ON p.id = l.purchase_id WHERE p.payment_reference LIKE $1`,
    [like],
  );
  return rows[0]?.booked ?? 0;
}

/**
 * Rows whose ids match `like`: events stored and processed, intents processed more than once, purchases
 * made. (In LIKE, "_" matches any character: the patterns escape it.)
 */
async function counts(db: pg.Pool, like: string) {
  const { rows } = await db.query<{ stored: number; processed: number; twice: number; purchases: number }>(
    `SELECT (SELECT count(*)::int FROM settlements.payment_events WHERE id LIKE $1) AS stored,
            (SELECT count(*)::int FROM settlements.payment_events WHERE id LIKE $1 AND processed_at IS NOT NULL) AS processed,
            (SELECT count(*)::int FROM settlements.payment_intents WHERE id LIKE $1 AND version > 1) AS twice,
            (SELECT count(*)::int FROM purchases.purchases WHERE payment_reference LIKE $1) AS purchases`,
    [like],
  );
  return rows[0] ?? { stored: 0, processed: 0, twice: 0, purchases: 0 };
}

async function waitUntil(check: () => Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await sleep(250);
  }
  throw new Error(`${what} did not appear within ${timeoutMs / 1000} s`);
}

/** The same notifications, signed with the same secret, into the bare server at the same rate. */
async function runBaseline(ctx: BenchContext, payment: Payment, run: string): Promise<OpenLoopResult> {
  const bare = await startBareServer(ctx.databaseUrl, {
    entry: BARE_ENTRY,
    env: { STRIPE_WEBHOOK_SECRET: ctx.stripeWebhookSecret },
  });
  const pool = httpPool(bare.url, 128);
  try {
    const { openLoopMs, warmupMs } = ctx.durations;
    const events = Array.from({ length: Math.floor((openLoopMs / 1000) * RATE) }, (_, i) =>
      sign(payment, `${run}_${i}`, ctx.stripeWebhookSecret),
    );
    return await runOpenLoop({
      rate: RATE,
      durationMs: openLoopMs,
      warmupMs,
      operation: (i) => send(pool, events[i] as Signed),
    });
  } finally {
    await pool.close();
    await bare.stop();
  }
}

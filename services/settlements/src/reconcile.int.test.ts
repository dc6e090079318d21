import { createPool, type Pool } from "@mp/db";
import { type RunningStripeStandIn, startStripeStandIn } from "@mp/local/stripe";
import { testLogger } from "@mp/logger";
import { migrateService } from "@mp/runtime";
import { makeStripeClient } from "@mp/stripe";
import { freshInfra, type TestInfra } from "@mp/testing";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { makeReconcilePaymentEvents } from "./application/reconcile-payment-events";
import { HANDLED_EVENT_TYPES, interpretStripeEvent } from "./domain/payment-update";
import { makePaymentEventRepository } from "./infra/payment-event.repository";
import { makeReconcileCheckpoints } from "./infra/reconcile-checkpoint.repository";
import { makeStripeEventSource } from "./infra/stripe-event-source";
import { makeStripeReconciliation } from "./reconcile";

// Reconciliation against the real stand-in (through the stripe SDK) and real PostgreSQL: events whose
// notifications were withheld are stored by one pass, once, whatever runs beside it.

const LISTING = { listingId: "0190b7a4-7e2c-7cc0-8d7b-2f4c1e9a0b11", deviceId: "00112233aabbccdd" };

describe("reconciliation with Stripe's events list", () => {
  let infra: TestInfra;
  let pool: Pool;
  let standIn: RunningStripeStandIn;
  beforeAll(async () => {
    infra = await freshInfra("reconcile");
    pool = createPool({ url: infra.databaseUrl, schema: "settlements", max: 6, logger: testLogger() });
    await migrateService(pool, "settlements", new URL("../migrations", import.meta.url));
  });
  beforeEach(async () => {
    await standIn?.stop();
    // No webhook endpoint: every notification is withheld, as if each had been lost.
    standIn = await startStripeStandIn();
    await pool.query("TRUNCATE payment_events");
    await pool.query(
      "UPDATE reconcile_checkpoints SET checkpoint = NULL, lease_holder = NULL, lease_until = NULL",
    );
  });
  afterAll(async () => {
    await standIn?.stop();
    await pool?.end();
    await infra?.cleanup();
  });

  const stripe = () =>
    makeStripeClient({ STRIPE_API_KEY: "sk_test_reconcile", STRIPE_API_BASE: standIn.url });

  /** A checkout paid on the hosted page, as a buyer would; its intent id. */
  async function buy(amount: number): Promise<string> {
    const session = await stripe().checkout.sessions.create({
      mode: "payment",
      line_items: [
        { quantity: 1, price_data: { currency: "eur", unit_amount: amount, product_data: { name: "Item" } } },
      ],
      success_url: "https://shop.example/done",
      metadata: LISTING,
      payment_intent_data: { metadata: LISTING },
    });
    const paid = await fetch(`${session.url}/pay`, { method: "POST", redirect: "manual" });
    expect(paid.status).toBe(303);
    return String((await stripe().checkout.sessions.retrieve(session.id)).payment_intent);
  }

  const stored = async () =>
    (
      await pool.query<{ id: string; type: string; payload: Buffer }>(
        "SELECT id, type, payload FROM payment_events ORDER BY seq",
      )
    ).rows;

  it("stores each withheld event of a handled type once, and a second pass changes nothing", async () => {
    const intent = await buy(1999);
    await stripe().refunds.create({ payment_intent: intent, amount: 500 });
    expect(await stored()).toEqual([]);
    const pass = makeStripeReconciliation(pool, stripe());
    const first = await pass();
    expect(first).toMatchObject({ ran: true, recovered: 3, listed: 3 });
    const rows = await stored();
    expect(rows.map((r) => r.type).sort()).toEqual([
      "charge.refunded",
      "checkout.session.completed",
      "payment_intent.succeeded",
    ]);
    const listed = new Map(standIn.world.events.map((e) => [e.id, e]));
    for (const row of rows) {
      // Stored as the webhook stores a notification: the event as Stripe shows it, readable by the processor.
      expect(JSON.parse(row.payload.toString("utf8"))).toEqual(listed.get(row.id));
      expect(interpretStripeEvent(JSON.parse(row.payload.toString("utf8"))).outcome).toBe("emitted");
    }
    const second = await pass();
    expect(second).toMatchObject({ ran: true, recovered: 0, listed: 3 });
    expect(await stored()).toHaveLength(3);
  });

  it("lists from the checkpoint minus the overlap, across pages", async () => {
    for (let i = 0; i < 3; i++) await buy(100 + i);
    const clock = { now: () => new Date() };
    const pass = makeStripeReconciliation(pool, stripe(), { clock });
    expect(await pass()).toMatchObject({ recovered: 6 });
    // 150 more events, more than one page of 100: every one is found, and the first 6 are listed again.
    for (let i = 0; i < 75; i++) await buy(200 + i);
    expect(await pass()).toMatchObject({ recovered: 150, listed: 156 });
    const { rows } = await pool.query<{ checkpoint: Date }>("SELECT checkpoint FROM reconcile_checkpoints");
    expect(rows[0]?.checkpoint).toBeInstanceOf(Date);
    // An hour later, the window starts 10 minutes before the last pass's start, not at the beginning.
    clock.now = () => new Date(Date.now() + 3600_000);
    const later = await pass();
    expect(later.from?.getTime()).toBe((rows[0]?.checkpoint.getTime() ?? 0) - 600_000);
  });

  it("lets one replica reconcile at a time; each event is stored once", async () => {
    for (let i = 0; i < 4; i++) await buy(300 + i);
    // Replica A takes the lease and is held inside its listing until replica B has tried.
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const real = makeStripeEventSource(stripe());
    const replicaA = makeReconcilePaymentEvents({
      source: {
        async *list(input) {
          await gate;
          yield* real.list(input);
        },
      },
      checkpoints: makeReconcileCheckpoints(pool),
      events: makePaymentEventRepository(pool),
      counter: { add: () => {} },
      types: HANDLED_EVENT_TYPES,
      clock: { now: () => new Date() },
    });
    const first = replicaA();
    await expect
      .poll(
        async () =>
          (await pool.query("SELECT 1 FROM reconcile_checkpoints WHERE lease_until IS NOT NULL")).rowCount,
      )
      .toBe(1);
    const replicaB = makeStripeReconciliation(pool, stripe());
    expect(await replicaB()).toEqual({ ran: false, listed: 0, recovered: 0 });
    release();
    expect(await first).toMatchObject({ ran: true, recovered: 8 });
    const rows = await stored();
    expect(new Set(rows.map((r) => r.id)).size).toBe(8);
    expect(rows).toHaveLength(8);
    // The lease is released: the next pass runs, and finds nothing new.
    expect(await replicaB()).toMatchObject({ ran: true, recovered: 0 });
  });

  it("takes over the lease a replica that died left behind, once it lapses", async () => {
    await buy(400);
    await pool.query(
      "UPDATE reconcile_checkpoints SET lease_holder = gen_random_uuid(), lease_until = now() + interval '1 minute'",
    );
    const pass = makeStripeReconciliation(pool, stripe());
    expect(await pass()).toMatchObject({ ran: false });
    await pool.query("UPDATE reconcile_checkpoints SET lease_until = now() - interval '1 second'");
    expect(await pass()).toMatchObject({ ran: true, recovered: 2 });
  });
});

import { appendToOutbox, type EventEnvelope, newEvent } from "@mp/bus";
import { batchApplier, drainInBatches } from "@mp/bus/batch-equivalence";
import { type PaymentUpdatedV1, paymentUpdatedV1 } from "@mp/contracts";
import { createPool, type Pool } from "@mp/db";
import { testLogger } from "@mp/logger";
import { migrateService } from "@mp/runtime";
import { freshInfra, type TestInfra, waitFor } from "@mp/testing";
import { afterAll, describe, expect, it } from "vitest";
import {
  ConcurrentPurchaseError,
  makeApplyPaymentUpdate,
  UnmatchedPaymentError,
} from "./application/apply-payment-update";
import { cachedDeviceOwners } from "./infra/device-owner-cache";
import { makeHeldPaymentCounter } from "./infra/held-payment-counter";
import { makeKnownListingRepository } from "./infra/known-listing.repository";
import { makePurchaseRepository } from "./infra/purchase.repository";
import { makeUnmatchedCounter } from "./infra/unmatched-counter";
import { makeUnmatchedPaymentRepository } from "./infra/unmatched-payment.repository";
import { PAYMENT_UPDATE_BATCH } from "./transport/payment-updated.consumer";

// The payment-updates consumer applied to the same updates one transaction per update and in the bus's
// batches (up to PAYMENT_UPDATE_BATCH in one transaction; a batch that fails is rolled back and its
// updates applied alone, an unmatched one recorded and retried later) must write the same purchases,
// history (the activity feed), outbox events and unmatched rows.

const CONSUMER = "purchases-payments";
const id = (n: number) => `0193a1b2-0000-7000-8000-${n.toString(16).padStart(12, "0")}`;
const PROVIDERS = [id(0xb1), id(0xb2)];
const OTHER_ORG = id(0xb9);
const INSTANCE = id(0xc1);
const ITEMS = [id(0xa1), id(0xa2)];
/** Listing i belongs to provider i % 2 and sells item i % 2; LISTING_NO_ITEM's item never arrives. */
const LISTINGS = [id(0xe1), id(0xe2), id(0xe3)];
const LISTING_NO_ITEM = id(0xe9);
const UNKNOWN_LISTING = id(0xef);
const DEVICES = ["00000000000000d0", "00000000000000d1", "00000000000000d2", "00000000000000d3"];
const FOREIGN_DEVICE = "00000000000000f0";
const NOW = new Date("2026-11-26T12:00:00Z");
const BASE = Date.parse("2026-11-03T09:00:00Z");

/** Listing i sells for PRICES[i] EUR cents. */
const PRICES = [2000, 2007, 2014];
/**
 * What payment n pays: its listing's price, except payments 4, 14, 24, ... (one more cent: held,
 * amount-mismatch) and payment 10 (in USD: held, currency-mismatch).
 */
const paidOf = (n: number): PaymentUpdatedV1["amount"] => {
  const price = PRICES[n % LISTINGS.length] as number;
  if (n === 10) return { amount: price, currency: "USD" };
  return { amount: n % 10 === 4 ? price + 1 : price, currency: "EUR" };
};

let stripeSeq = 0;
function update(n: number, version: number, fields: Partial<PaymentUpdatedV1> = {}) {
  const listing = n % LISTINGS.length;
  const data: PaymentUpdatedV1 = {
    stripeEventId: `evt_${n}_${++stripeSeq}`,
    kind: "paid",
    paymentIntentId: `pi_${n}`,
    listingId: LISTINGS[listing],
    // A device of the listing's provider (devices d0, d2 are provider 0's; d1, d3 provider 1's).
    deviceId: DEVICES[(listing % 2) + 2 * (n % 2)],
    amount: paidOf(n),
    livemode: n % 5 === 0,
    occurredAt: new Date(BASE + n * 3_600_000 + stripeSeq * 1000).toISOString(),
    version,
    ...fields,
  };
  return newEvent(paymentUpdatedV1.type, "settlements", data) as EventEnvelope<PaymentUpdatedV1>;
}

/**
 * 60 payment intents: a checkout and its payment intent (either first), repeats (the same envelope, the
 * same Stripe event in a new one), partial, full and stale refunds, disputes open, won and lost, a refund
 * before its purchase, and payments that never match (unknown listing or item, a foreign device, no
 * device).
 * Some updates of earlier intents come after later intents' updates.
 */
function updates(): EventEnvelope<PaymentUpdatedV1>[] {
  const out: EventEnvelope<PaymentUpdatedV1>[] = [];
  const later: EventEnvelope<PaymentUpdatedV1>[] = [];
  for (let n = 1; n <= 60; n++) {
    // The last four never match (an unknown listing, a foreign device, an unknown item, no device).
    const never: Partial<PaymentUpdatedV1> | undefined = [
      { listingId: UNKNOWN_LISTING },
      { deviceId: FOREIGN_DEVICE },
      { listingId: LISTING_NO_ITEM },
      { deviceId: undefined },
    ][n - 57];
    if (never) {
      out.push(update(n, 1, never));
      continue;
    }
    const refund = (version: number, amount: number) =>
      update(n, version, {
        kind: "refunded",
        amountRefunded: { amount, currency: "EUR" },
        refund: amount >= paidOf(n).amount ? "full" : "partial",
      });
    if (n === 11) out.push(refund(3, 250)); // before its purchase: unmatched, then retried
    const checkout = update(n, 1);
    const intent = update(n, 2);
    if (n % 4 === 3) out.push(intent, checkout);
    else out.push(checkout);
    if (n % 4 === 0) out.push(intent);
    if (n % 5 === 0) out.push(checkout); // the same envelope: the inbox's duplicate
    if (n % 7 === 0) out.push(newEvent(checkout.type, "settlements", checkout.data) as typeof checkout);
    const tail: EventEnvelope<PaymentUpdatedV1>[] = [];
    if (n % 3 === 0) tail.push(refund(3, 300));
    if (n % 6 === 0) tail.push(refund(4, 200)); // below the refunded total: no change
    if (n % 9 === 0) tail.push(refund(5, 100_000));
    if (n % 4 === 1) {
      tail.push(update(n, 6, { kind: "dispute-created", disputeStatus: "open" }));
      if (n % 12 !== 5)
        tail.push(update(n, 7, { kind: "dispute-closed", disputeStatus: n % 8 === 1 ? "won" : "lost" }));
      tail.push(update(n, 6, { kind: "dispute-created", disputeStatus: "open" })); // older: no change
    }
    if (n % 8 === 2) later.push(...tail);
    else out.push(...tail);
    if (n % 8 === 0) out.push(...later.splice(0));
  }
  out.push(...later);
  return out;
}

async function database(infra: TestInfra): Promise<Pool> {
  const pool = createPool({ url: infra.databaseUrl, schema: "purchases", max: 3, logger: testLogger() });
  await migrateService(pool, "purchases", new URL("../migrations", import.meta.url));
  for (const [i, item] of ITEMS.entries())
    await pool.query("INSERT INTO known_items (id, display_name, version) VALUES ($1, $2, 1)", [
      item,
      i === 0 ? `Item ${i}` : null,
    ]);
  for (const [i, listing] of [...LISTINGS, LISTING_NO_ITEM].entries())
    await pool.query(
      `INSERT INTO known_listings (id, marketplace_item_id, marketplace_instance_id, provider_organisation_id,
         price_amount, price_currency, disabled, version) VALUES ($1, $2, $3, $4, $5, 'EUR', false, 1)`,
      [
        listing,
        i === LISTINGS.length ? id(0xaf) : ITEMS[i % 2],
        INSTANCE,
        PROVIDERS[i % 2],
        PRICES[i] ?? 2000,
      ],
    );
  return pool;
}

function consumer(pool: Pool) {
  let ids = 0;
  return makeApplyPaymentUpdate({
    listings: makeKnownListingRepository(),
    devices: cachedDeviceOwners({
      ownerOf: async (deviceId) => {
        if (deviceId === FOREIGN_DEVICE) return { organisationId: OTHER_ORG, boardId: "b" };
        const i = DEVICES.indexOf(deviceId);
        return i < 0 ? null : { organisationId: PROVIDERS[i % 2] as string, boardId: "b" };
      },
    }),
    purchases: makePurchaseRepository(pool),
    unmatched: makeUnmatchedPaymentRepository(pool),
    unmatchedCounter: makeUnmatchedCounter(),
    heldCounter: makeHeldPaymentCounter(),
    logger: testLogger(),
    clock: { now: () => NOW },
    ids: { next: () => id(0x100000 + ++ids) },
    emitIn: (tx) => (events, traceContexts) => appendToOutbox(tx, events, { traceContexts }),
  });
}

/**
 * Applies `queue` in batches of `size` as the consumer does: a failed batch goes one by one; an update
 * failing alone is reported (`onFailure`) and, if unmatched, goes to the back until its third delivery.
 */
async function drain(
  pool: Pool,
  queue: EventEnvelope<PaymentUpdatedV1>[],
  size: number,
  how: "bus" | "handler alone",
) {
  const handler = consumer(pool);
  const deliveries = new Map<string, number>();
  let unmatched = 0;
  const apply = batchApplier(CONSUMER, handler.handle, how);
  const batched = await drainInBatches(pool, queue, size, apply, async (e, error) => {
    await handler.unmatched(e, error);
    if (!(error instanceof UnmatchedPaymentError)) throw error;
    unmatched++;
    const n = (deliveries.get(e.id) ?? 1) + 1;
    deliveries.set(e.id, n);
    if (n <= 3) queue.push(e);
  });
  return { unmatched, batched };
}

async function written(pool: Pool) {
  const q = async (sql: string) => (await pool.query(sql)).rows;
  const purchases = makePurchaseRepository(pool);
  const activity = [];
  for (const org of PROVIDERS)
    for (const livemode of [false, true])
      activity.push(await purchases.activity(org, { livemode, limit: 500 }));
  return {
    purchases: await q(
      `SELECT payment_reference, marketplace_item_id, display_name, listing_id, marketplace_instance_id,
              provider_organisation_id, device_id, amount, currency, amount_refunded, status, dispute_status,
              dispute_version, livemode, purchased_at, version, held_reason
         FROM purchases ORDER BY payment_reference`,
    ),
    history: await q(
      `SELECT p.payment_reference, h.provider_organisation_id, h.livemode, h.kind, h.amount, h.currency,
              h.status, h.stripe_event_id, h.marketplace_item_id, h.display_name, h.device_id, h.at, h.version,
              h.held_reason
         FROM purchase_history h JOIN purchases p ON p.id = h.purchase_id ORDER BY p.payment_reference, h.seq`,
    ),
    activity,
    outbox: await q(
      `SELECT o.event_type, o.payload->>'source' AS source, o.payload->>'occurredAt' AS occurred_at,
              (o.payload->'data')::jsonb - 'id' AS data, p.id = (o.payload->'data'->>'id')::uuid AS same_purchase
         FROM outbox o LEFT JOIN purchases p ON p.payment_reference = o.payload->'data'->>'paymentReference'
        ORDER BY o.payload->'data'->>'paymentReference', o.seq`,
    ),
    unmatched: await q(
      `SELECT stripe_event_id, payment_intent_id, kind, reason, attempts, resolved_at IS NOT NULL AS resolved
         FROM unmatched_payments ORDER BY stripe_event_id`,
    ),
    inbox: await q("SELECT count(*)::int AS n FROM inbox"),
  };
}

describe("payment updates: batches write what one update per transaction writes", () => {
  const infras: TestInfra[] = [];
  const pools: Pool[] = [];
  afterAll(async () => {
    await Promise.all(pools.map((p) => p.end()));
    await Promise.all(infras.map((i) => i.cleanup()));
  });

  it("the same purchases, history and activity, outbox events and unmatched rows", async () => {
    infras.push(
      ...(await Promise.all([
        freshInfra("payments_one"),
        freshInfra("payments_batch"),
        freshInfra("payments_direct"),
      ])),
    );
    pools.push(...(await Promise.all(infras.map(database))));
    const [alonePool, batchPool, directPool] = pools as [Pool, Pool, Pool];
    const stream = updates();
    const alone = await drain(alonePool, [...stream], 1, "bus");
    expect(alone.batched).toBe(0);
    const inBatches = await drain(batchPool, [...stream], PAYMENT_UPDATE_BATCH, "bus");
    // The same deliveries failed unmatched; most updates went in batches that committed.
    expect(inBatches.unmatched).toBe(alone.unmatched);
    expect(inBatches.batched).toBeGreaterThanOrEqual(stream.length - 2 * PAYMENT_UPDATE_BATCH);
    const direct = await drain(directPool, [...stream], PAYMENT_UPDATE_BATCH, "handler alone");
    expect(direct).toEqual(inBatches);
    const [expected, batched, directly] = await Promise.all(pools.map(written));
    // The run covers what it should.
    expect(expected?.purchases).toHaveLength(56);
    expect(new Set(expected?.purchases.map((p) => p.status))).toEqual(
      new Set(["completed", "partially_refunded", "refunded", "disputed", "held"]),
    );
    expect(new Set(expected?.purchases.map((p) => p.held_reason))).toEqual(
      new Set([null, "amount-mismatch", "currency-mismatch"]),
    );
    expect(new Set(expected?.history.map((h) => h.kind))).toEqual(
      new Set(["purchase", "refund", "dispute-opened", "dispute-won", "dispute-lost"]),
    );
    expect(new Set(expected?.unmatched.map((u) => u.reason))).toEqual(
      new Set(["no-purchase", "unknown-listing", "unknown-item", "device-not-owned", "missing-metadata"]),
    );
    expect(expected?.unmatched.filter((u) => u.resolved)).toEqual([
      expect.objectContaining({ payment_intent_id: "pi_11", reason: "no-purchase", attempts: 1 }),
    ]);
    expect(expected?.outbox).toHaveLength(expected?.history.length ?? -1);
    expect(expected?.outbox.every((o) => o.same_purchase)).toBe(true);
    expect(batched).toEqual(expected);
    expect(directly).toEqual(expected);
  });

  it("a purchase a concurrent transaction made first: a batch is rolled back, an update alone changes nothing", async () => {
    const infra = await freshInfra("payments_race");
    infras.push(infra);
    const pool = await database(infra);
    pools.push(pool);
    const apply = batchApplier(CONSUMER, consumer(pool).handle, "bus");
    const paid = update(1, 1);
    const refunded = update(1, 2, {
      kind: "refunded",
      amountRefunded: { amount: 100, currency: "EUR" },
      refund: "partial",
    });
    /**
     * Runs `batch` while another transaction has made the intent's purchase, uncommitted, then ends that
     * transaction; resolves to "committed" or what the batch threw.
     */
    const racing = async (batch: EventEnvelope<PaymentUpdatedV1>[], end: "COMMIT" | "ROLLBACK") => {
      const other = await pool.connect();
      try {
        await other.query("BEGIN");
        await other.query(
          `INSERT INTO purchases (id, payment_reference, marketplace_item_id, display_name, listing_id,
             marketplace_instance_id, provider_organisation_id, device_id, amount, currency, status, livemode,
             purchased_at) VALUES ($1, 'pi_1', $2, 'Item 0', $3, $4, $5, $6, 1007, 'EUR', 'completed', false, now())`,
          [id(0x9999), ITEMS[1], LISTINGS[1], INSTANCE, PROVIDERS[1], DEVICES[3]],
        );
        const result = apply(pool, batch).then(
          () => "committed",
          (error: unknown) => error,
        );
        await waitFor(
          async () =>
            (
              await pool.query(
                "SELECT 1 FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND query LIKE '%INSERT INTO purchases%'",
              )
            ).rows[0],
          { what: "the batch waiting on the other transaction's purchase" },
        );
        await other.query(end);
        return await result;
      } finally {
        other.release();
      }
    };
    // The other transaction rolled back: the batch makes the purchase itself.
    expect(await racing([paid, refunded], "ROLLBACK")).toBe("committed");
    expect((await pool.query("SELECT status, version FROM purchases")).rows).toEqual([
      { status: "partially_refunded", version: 2 },
    ]);
    await pool.query("TRUNCATE purchases, purchase_history, outbox, inbox CASCADE");
    // It committed: the batch's refund was decided on a purchase that is not the intent's; rolled back.
    expect(await racing([paid, refunded], "COMMIT")).toBeInstanceOf(ConcurrentPurchaseError);
    expect((await pool.query("SELECT 1 FROM inbox")).rowCount).toBe(0);
    await pool.query("DELETE FROM purchases");
    // Alone, the paid update changes nothing: no history, no event; it is handled (its inbox row).
    expect(await racing([paid], "COMMIT")).toBe("committed");
    expect((await pool.query("SELECT id FROM purchases")).rows).toEqual([{ id: id(0x9999) }]);
    expect((await pool.query("SELECT 1 FROM purchase_history")).rowCount).toBe(0);
    expect((await pool.query("SELECT 1 FROM outbox")).rowCount).toBe(0);
    expect((await pool.query("SELECT 1 FROM inbox")).rowCount).toBe(1);
    // The refund then applies to that purchase.
    await apply(pool, [refunded]);
    expect((await pool.query("SELECT status, version FROM purchases")).rows).toEqual([
      { status: "partially_refunded", version: 2 },
    ]);
  });
});

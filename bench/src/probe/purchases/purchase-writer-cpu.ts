/**
 * The payment-updates consumer's cost per purchase made, without a stack: a fresh database on the local
 * PostgreSQL (DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres), the purchases
 * migrations, one item and listing (as in bench scenario E: every payment names the demo provider's
 * listing and one of a few devices), an in-memory device-owner port behind the service's cache, then
 * settlements.payment.updated.v1 events applied the way the bus applies a batch (inbox row, handler, the
 * transaction's beforeCommit tasks, up to 32 in one transaction, on one connection). Reports SQL statements
 * and CPU (this process, and the PostgreSQL backend from /proc/<pid>/stat, so the server must run on this
 * machine) per purchase made (per event in the mixed run), and a digest of what was written (purchases,
 * history, outbox events, unmatched rows; generated ids and the envelope's own id left out) that must not
 * change with an optimisation.
 *
 *   pnpm tsx bench/src/probe/purchases/purchase-writer-cpu.ts [purchases=3200]
 */
import { appendToOutbox, applyInTransaction, type EventEnvelope, newEvent } from "@mp/bus";
import { type PaymentUpdatedV1, paymentUpdatedV1 } from "@mp/contracts";
import { rowsDigest, writeCostMeter } from "@mp/testing/write-cost";
import { makeApplyPaymentUpdate } from "../../../../services/purchases/src/application/apply-payment-update";
import { cachedDeviceOwners } from "../../../../services/purchases/src/infra/device-owner-cache";
import { makeHeldPaymentCounter } from "../../../../services/purchases/src/infra/held-payment-counter";
import { makeKnownListingRepository } from "../../../../services/purchases/src/infra/known-listing.repository";
import { makePurchaseRepository } from "../../../../services/purchases/src/infra/purchase.repository";
import { makeUnmatchedCounter } from "../../../../services/purchases/src/infra/unmatched-counter";
import { makeUnmatchedPaymentRepository } from "../../../../services/purchases/src/infra/unmatched-payment.repository";
import { PAYMENT_UPDATE_BATCH } from "../../../../services/purchases/src/transport/payment-updated.consumer";
import { withServiceDatabase } from "../service-database";

const PURCHASES = Number(process.argv[2] ?? 3200);
const CONSUMER = "purchases-payments";
const PROV_ORG = "0193a1b2-0000-7000-8000-0000000000b1";
const ITEM = "0193a1b2-0000-7000-8000-00000000a001";
const LISTING = "0193a1b2-0000-7000-8000-00000000e001";
const INSTANCE = "0193a1b2-0000-7000-8000-00000000c001";
const DEVICES = ["0123456789abcdef", "fedcba9876543210", "00000000000000d3"];
const BASE = Date.parse("2026-11-02T10:00:00Z");

let seq = 0;
const update = (pi: string, version: number, fields: Partial<PaymentUpdatedV1>) =>
  newEvent(paymentUpdatedV1.type, "settlements", {
    stripeEventId: `evt_${++seq}_${pi}`,
    kind: "paid",
    paymentIntentId: pi,
    listingId: LISTING,
    deviceId: DEVICES[seq % DEVICES.length],
    amount: { amount: 2000, currency: "EUR" },
    livemode: false,
    occurredAt: new Date(BASE + seq * 1000).toISOString(),
    version,
    ...fields,
  } satisfies PaymentUpdatedV1) as EventEnvelope<PaymentUpdatedV1>;

async function main() {
  await withServiceDatabase("purchases", { prefix: "purchases_cpu", max: 1 }, async (pool, logger) => {
    await pool.query("INSERT INTO known_items (id, display_name, version) VALUES ($1, 'Thermo', 1)", [ITEM]);
    await pool.query(
      `INSERT INTO known_listings (id, marketplace_item_id, marketplace_instance_id, provider_organisation_id,
         price_amount, price_currency, disabled, version) VALUES ($1, $2, $3, $4, 2000, 'EUR', false, 1)`,
      [LISTING, ITEM, INSTANCE, PROV_ORG],
    );
    let ids = 0;
    const apply = makeApplyPaymentUpdate({
      listings: makeKnownListingRepository(),
      devices: cachedDeviceOwners({
        ownerOf: async () => ({ organisationId: PROV_ORG, boardId: "board" }),
      }),
      purchases: makePurchaseRepository(pool),
      unmatched: makeUnmatchedPaymentRepository(pool),
      unmatchedCounter: makeUnmatchedCounter(),
      heldCounter: makeHeldPaymentCounter(),
      logger,
      clock: { now: () => new Date("2026-11-26T12:00:00Z") },
      // Sequential ids: the digest may then keep them (the same events make the same ids in the same order).
      ids: { next: () => `0193a1b2-0000-7000-8000-${(++ids).toString(16).padStart(12, "0")}` },
      emitIn: (tx) => (events, traceContexts) => appendToOutbox(tx, events, { traceContexts }),
    });
    const meter = await writeCostMeter(pool);
    /** As the bus's processBatch: one transaction, each event's inbox row then its handler. */
    const applyBatch = (events: EventEnvelope<PaymentUpdatedV1>[]) =>
      applyInTransaction(
        pool,
        CONSUMER,
        events.map((event) => ({ event })),
        apply.handle,
      );
    const run = (label: string, events: EventEnvelope<PaymentUpdatedV1>[], per: number) =>
      meter.measure(
        label,
        events.length,
        per,
        per === events.length ? "event" : "purchase made",
        async () => {
          for (let i = 0; i < events.length; i += PAYMENT_UPDATE_BATCH)
            await applyBatch(events.slice(i, i + PAYMENT_UPDATE_BATCH));
        },
      );
    // Warm-up: plan caches and the device-owner cache, as in a running service.
    await run(
      "warm-up",
      Array.from({ length: 64 }, (_, i) => update(`pi_warm_${i}`, 1, {})),
      64,
    );
    await run(
      "purchases",
      Array.from({ length: PURCHASES }, (_, i) => update(`pi_${i}`, 1, {})),
      PURCHASES,
    );
    // A mixed run: a checkout and its payment intent (two paid updates of one intent), a repeated Stripe
    // event, refunds (partial, full, not raising the total), disputes, and updates resolving unmatched rows.
    const mixed: EventEnvelope<PaymentUpdatedV1>[] = [];
    for (let n = 0; n < 400; n++) {
      const pi = `pi_mixed_${n}`;
      const paid = update(pi, 1, {});
      mixed.push(paid);
      if (n % 2 === 0) mixed.push(update(pi, 2, {}));
      if (n % 5 === 0) mixed.push(newEvent(paid.type, "settlements", paid.data) as typeof paid);
      const refunded = (version: number, amount: number) =>
        update(pi, version, {
          kind: "refunded",
          amountRefunded: { amount, currency: "EUR" },
          refund: amount >= 2000 ? "full" : "partial",
        });
      if (n % 3 === 0) mixed.push(refunded(3, 300));
      if (n % 6 === 0) mixed.push(refunded(4, 200)); // below the total: no change
      if (n % 9 === 0) mixed.push(refunded(5, 5000));
      if (n % 4 === 1) {
        mixed.push(update(pi, 6, { kind: "dispute-created", disputeStatus: "open" }));
        mixed.push(update(pi, 7, { kind: "dispute-closed", disputeStatus: n % 8 === 1 ? "won" : "lost" }));
        mixed.push(update(pi, 6, { kind: "dispute-created", disputeStatus: "open" })); // older: no change
      }
    }
    // Some were unmatched before (a retried update is then resolved by the transaction applying it).
    for (const event of mixed.filter((_, i) => i % 7 === 0))
      await pool.query(
        `INSERT INTO unmatched_payments (stripe_event_id, payment_intent_id, kind, amount, currency, livemode, reason)
         VALUES ($1, $2, $3, 0, 'EUR', false, 'unknown-listing')`,
        [event.data.stripeEventId, event.data.paymentIntentId, event.data.kind],
      );
    await run("mixed", mixed, mixed.length);
    const digest = await rowsDigest(pool, [
      "SELECT * FROM purchases ORDER BY payment_reference",
      `SELECT seq, purchase_id, provider_organisation_id, livemode, kind, amount, currency, status,
              stripe_event_id, marketplace_item_id, display_name, device_id, at, version
         FROM purchase_history ORDER BY seq`,
      `SELECT seq, event_type, payload->'data' AS data, payload->>'type' AS type,
              payload->>'source' AS source, payload->>'occurredAt' AS occurred_at
         FROM outbox ORDER BY seq`,
      `SELECT stripe_event_id, resolved_at IS NOT NULL AS resolved, attempts
         FROM unmatched_payments ORDER BY stripe_event_id`,
      "SELECT count(*) FROM inbox",
    ]);
    console.log(`purchases digest ${digest}`);
  });
}

await main();

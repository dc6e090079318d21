import { durableName } from "@mp/bus";
import {
  itemPublishedV1,
  listingCreatedV1,
  type PaymentUpdatedV1,
  type Principal,
  paymentUpdatedV1,
  STREAMS,
} from "@mp/contracts";
import type { GrpcServer } from "@mp/grpc";
import type { RunningService } from "@mp/runtime";
import { startTelemetry, type Telemetry } from "@mp/telemetry";
import { ephemeralMesh, freshInfra, type TestInfra, type TestMesh, waitFor } from "@mp/testing";
import { v7 as uuidv7 } from "uuid";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { org } from "./testing/fixtures";
import { type FakeDevice, startIotAdapterDouble } from "./testing/iot-adapter-double";
import { as, publishEvent, purchasesClient, startPurchases } from "./testing/purchases-service";
import { ensureStreams, itemPublished, listingCreated, paymentUpdated } from "./testing/upstream-events";
import { PAYMENT_UPDATE_BATCH } from "./transport/payment-updated.consumer";

const provider: Principal = { subject: "prov-1", organisationId: org(0xb1), roles: ["provider"], via: "jwt" };
const otherProvider: Principal = { ...provider, subject: "prov-2", organisationId: org(0xb2) };
const developer: Principal = { ...provider, subject: "dev-1", roles: ["developer"] };
const instanceId = uuidv7();
const device = "0123456789abcdef";
const otherDevice = "0000000000000b02";
const BOARD = "0193a1b2-0000-7000-8000-0000000000b1";
/** The devices the IoT platform (the iot-adapter double) knows, and their owners. */
const DEVICES = new Map<string, FakeDevice>([
  [device, { organisationId: provider.organisationId, boardId: BOARD }],
  ["fedcba9876543210", { organisationId: provider.organisationId, boardId: BOARD }],
  [otherDevice, { organisationId: otherProvider.organisationId, boardId: BOARD }],
]);
let iotAdapter: GrpcServer;

let infra: TestInfra;
let mesh: TestMesh;
/** Started before the service, so its counters are registered with a meter provider this test reads. */
let telemetry: Telemetry;
let svc: RunningService;
let c: ReturnType<typeof client>;
const client = () => purchasesClient(svc, mesh);
const publish = (type: string, data: unknown) => publishEvent(svc, type, data);

async function announceItem(itemId: string, displayName: string) {
  const item = {
    itemId,
    organisationId: org(0xd1),
    marketplaceInstanceId: instanceId,
    infuseIotApplicationId: 7,
  };
  const at = new Date().toISOString();
  await publish(
    itemPublishedV1.type,
    itemPublished({ ...item, displayName, latestVersion: "1.0.0+00000001", at }),
  );
}

async function announceListing(listingId: string, itemId: string, organisationId = provider.organisationId) {
  await publish(
    listingCreatedV1.type,
    listingCreated({
      id: listingId,
      marketplaceItemId: itemId,
      marketplaceInstanceId: instanceId,
      providerOrganisationId: organisationId,
      at: new Date().toISOString(),
    }),
  );
}

const rowOf = async (sql: string, params: unknown[]) => (await svc.pool.query(sql, params)).rows[0];
const waitRow = (sql: string, params: unknown[], what: string) =>
  waitFor(() => rowOf(sql, params), { what, timeoutMs: 15_000 });

/** A listing (and its item) purchases knows, ready to be paid for. */
async function knownListing(organisationId = provider.organisationId) {
  const itemId = uuidv7();
  const listingId = uuidv7();
  await announceItem(itemId, `Item ${itemId.slice(-4)}`);
  await announceListing(listingId, itemId, organisationId);
  await waitRow("SELECT 1 FROM known_listings WHERE id = $1", [listingId], "the listing");
  await waitRow("SELECT 1 FROM known_items WHERE id = $1", [itemId], "the item");
  return { itemId, listingId };
}

/** A settlements.payment.updated.v1 payload; versions are per payment intent. */
const payment = (pi: string, version: number, fields: Partial<PaymentUpdatedV1>) =>
  paymentUpdated(pi, version, { deviceId: device, ...fields });
const pay = (update: PaymentUpdatedV1) => publish(paymentUpdatedV1.type, update);

const purchaseOf = (pi: string) => rowOf("SELECT * FROM purchases WHERE payment_reference = $1", [pi]);
const waitPurchase = (pi: string, check: (row: Record<string, unknown>) => boolean, what: string) =>
  waitFor(
    async () => {
      const row = await purchaseOf(pi);
      return row && check(row) ? row : undefined;
    },
    { what, timeoutMs: 15_000 },
  );
const historyOf = async (pi: string) =>
  (
    await svc.pool.query(
      `SELECT h.kind, h.amount::int AS amount, h.status, h.version FROM purchase_history h
       JOIN purchases p ON p.id = h.purchase_id WHERE p.payment_reference = $1 ORDER BY h.version`,
      [pi],
    )
  ).rows;
const outboxOf = async (pi: string) =>
  (
    await svc.pool.query<{ event_type: string; payload: { data: Record<string, unknown> } }>(
      "SELECT event_type, payload FROM outbox WHERE payload->'data'->>'paymentReference' = $1 ORDER BY seq",
      [pi],
    )
  ).rows;

beforeAll(async () => {
  telemetry = startTelemetry({ serviceName: "purchases-test" });
  infra = await freshInfra("purchases");
  mesh = await ephemeralMesh();
  iotAdapter = await startIotAdapterDouble({ mesh, devices: DEVICES });
  svc = await startPurchases("purchases", infra, mesh, iotAdapter, {
    PAYMENT_RETRY_MAX_DELIVER: "6",
    PAYMENT_RETRY_BACKOFF_MS: "300",
  });
  await ensureStreams(svc.bus, { iot: false });
  c = client();
});

afterAll(async () => {
  c?.close();
  await svc?.stop();
  await iotAdapter?.shutdown(0);
  await infra?.cleanup();
  await telemetry?.shutdown();
});

/** The data points of one counter, as `reason -> value`. */
async function countsByReason(name: string): Promise<Record<string, number>> {
  const { resourceMetrics } = await telemetry.metrics.reader.collect();
  const metric = resourceMetrics.scopeMetrics
    .flatMap((scope) => scope.metrics)
    .find((m) => m.descriptor.name === name);
  return Object.fromEntries(
    (metric?.dataPoints ?? []).map((point) => [String(point.attributes.reason), point.value as number]),
  );
}

describe("purchases from payment updates (real PostgreSQL and NATS)", () => {
  it("makes one purchase per payment intent from a checkout and its payment intent, however often", async () => {
    const { itemId, listingId } = await knownListing();
    const pi = `pi_${uuidv7()}`;
    const checkout = payment(pi, 1, { listingId });
    await pay(checkout);
    await pay(payment(pi, 2, { listingId }));
    await pay(checkout); // a new envelope id, the same Stripe event: still one purchase
    const row = await waitPurchase(pi, () => true, "the purchase");
    await waitFor(async () => ((await svc.pool.query("SELECT 1 FROM inbox")).rowCount ?? 0) >= 5, {
      what: "every delivery handled",
    });
    expect(row).toMatchObject({
      marketplace_item_id: itemId,
      listing_id: listingId,
      provider_organisation_id: provider.organisationId,
      device_id: device,
      status: "completed",
      livemode: false,
      display_name: `Item ${itemId.slice(-4)}`,
    });
    expect(
      (await svc.pool.query("SELECT 1 FROM purchases WHERE payment_reference = $1", [pi])).rowCount,
    ).toBe(1);
    expect(await historyOf(pi)).toEqual([
      { kind: "purchase", amount: 2000, status: "completed", version: 1 },
    ]);
    const events = await outboxOf(pi);
    expect(events.map((e) => e.event_type)).toEqual(["purchases.purchase.created.v1"]);
    expect(events[0]?.payload.data).toMatchObject({
      amount: { amount: 2000, currency: "EUR" },
      amountRefunded: { amount: 0, currency: "EUR" },
      change: {
        kind: "purchase",
        amount: { amount: 2000, currency: "EUR" },
        stripeEventId: checkout.stripeEventId,
      },
      version: 1,
    });
  });

  it("moves the status on partial and full refunds, then on a dispute, and announces each change", async () => {
    const { listingId } = await knownListing();
    const pi = `pi_${uuidv7()}`;
    await pay(payment(pi, 1, { listingId }));
    await waitPurchase(pi, () => true, "the purchase");
    await pay(
      payment(pi, 2, {
        kind: "refunded",
        amountRefunded: { amount: 500, currency: "EUR" },
        refund: "partial",
      }),
    );
    await waitPurchase(pi, (r) => r.status === "partially_refunded", "partially refunded");
    await pay(payment(pi, 3, { kind: "dispute-created", disputeStatus: "open" }));
    await waitPurchase(pi, (r) => r.status === "disputed", "disputed");
    await pay(payment(pi, 4, { kind: "dispute-closed", disputeStatus: "won" }));
    await waitPurchase(pi, (r) => r.status === "partially_refunded" && r.version === 4, "dispute won");
    await pay(
      payment(pi, 5, { kind: "refunded", amountRefunded: { amount: 2000, currency: "EUR" }, refund: "full" }),
    );
    await waitPurchase(pi, (r) => r.status === "refunded", "refunded");
    expect(await historyOf(pi)).toEqual([
      { kind: "purchase", amount: 2000, status: "completed", version: 1 },
      { kind: "refund", amount: 500, status: "partially_refunded", version: 2 },
      { kind: "dispute-opened", amount: 2000, status: "disputed", version: 3 },
      { kind: "dispute-won", amount: 2000, status: "partially_refunded", version: 4 },
      { kind: "refund", amount: 1500, status: "refunded", version: 5 },
    ]);
    const events = await outboxOf(pi);
    expect(events.map((e) => [e.event_type, e.payload.data.version])).toEqual([
      ["purchases.purchase.created.v1", 1],
      ["purchases.purchase.refunded.v1", 2],
      ["purchases.purchase.dispute-updated.v1", 3],
      ["purchases.purchase.dispute-updated.v1", 4],
      ["purchases.purchase.refunded.v1", 5],
    ]);
    expect(events[4]?.payload.data).toMatchObject({
      amountRefunded: { amount: 2000 },
      change: { amount: { amount: 1500 } },
    });
  });

  it("a lost dispute makes the purchase refunded", async () => {
    const { listingId } = await knownListing();
    const pi = `pi_${uuidv7()}`;
    await pay(payment(pi, 1, { listingId }));
    await pay(payment(pi, 2, { kind: "dispute-created", disputeStatus: "open" }));
    await pay(payment(pi, 3, { kind: "dispute-closed", disputeStatus: "lost" }));
    await waitPurchase(pi, (r) => r.status === "refunded" && r.dispute_status === "lost", "dispute lost");
  });

  it("keeps a payment for an unknown listing as unmatched and matches it once the listing arrives", async () => {
    const itemId = uuidv7();
    const listingId = uuidv7();
    const pi = `pi_${uuidv7()}`;
    const paid = payment(pi, 1, { listingId });
    await pay(paid);
    const unmatched = await waitRow(
      "SELECT reason, resolved_at FROM unmatched_payments WHERE stripe_event_id = $1",
      [paid.stripeEventId],
      "the unmatched payment",
    );
    expect(unmatched).toMatchObject({ reason: "unknown-listing", resolved_at: null });
    expect(await purchaseOf(pi)).toBeUndefined();
    // Refund before the purchase exists (events of one intent overtaking each other): retried too.
    await pay(
      payment(pi, 2, {
        kind: "refunded",
        amountRefunded: { amount: 700, currency: "EUR" },
        refund: "partial",
      }),
    );
    await announceItem(itemId, "Late item");
    await announceListing(listingId, itemId);
    await waitPurchase(pi, (r) => r.status === "partially_refunded", "matched and refunded after retries");
    await waitRow(
      "SELECT 1 FROM unmatched_payments WHERE stripe_event_id = $1 AND resolved_at IS NOT NULL",
      [paid.stripeEventId],
      "the unmatched payment resolved",
    );
    expect((await svc.pool.query("SELECT 1 FROM dead_letters")).rowCount).toBe(0);
  });

  it("keeps a payment for a device the listing's provider does not own (or the platform does not know) as unmatched", async () => {
    const { listingId } = await knownListing();
    for (const deviceId of [otherDevice, "00000000000000ff"]) {
      const paid = payment(`pi_${uuidv7()}`, 1, { listingId, deviceId });
      await pay(paid);
      const row = await waitRow(
        "SELECT reason FROM unmatched_payments WHERE stripe_event_id = $1",
        [paid.stripeEventId],
        "the unmatched payment",
      );
      expect(row).toEqual({ reason: "device-not-owned" });
      expect(await purchaseOf(paid.paymentIntentId)).toBeUndefined();
    }
  });

  it("dead-letters a payment whose listing never arrives, after the last delivery", async () => {
    const paid = payment(`pi_${uuidv7()}`, 1, { listingId: uuidv7() });
    await pay(paid);
    const letter = await waitRow(
      "SELECT consumer, attempts FROM dead_letters WHERE payload->'data'->>'stripeEventId' = $1",
      [paid.stripeEventId],
      "the dead letter",
    );
    expect(letter).toMatchObject({ consumer: "purchases-payments", attempts: 6 });
    expect(
      await rowOf("SELECT attempts, resolved_at FROM unmatched_payments WHERE stripe_event_id = $1", [
        paid.stripeEventId,
      ]),
    ).toEqual({
      attempts: 6,
      resolved_at: null,
    });
  });
});

describe("a payment must match what was sold (held purchases)", () => {
  it("another amount or currency makes a held purchase, the exact price a completed one; held ones are listed, in the activity, counted, and give no download", async () => {
    const sold = await knownListing(); // 2000 EUR
    const mismatched = await knownListing();
    const exact = `pi_${uuidv7()}`;
    const more = `pi_${uuidv7()}`;
    const dollars = `pi_${uuidv7()}`;
    await pay(payment(exact, 1, { listingId: sold.listingId }));
    await pay(
      payment(more, 1, { listingId: mismatched.listingId, amount: { amount: 2001, currency: "EUR" } }),
    );
    await pay(
      payment(dollars, 1, { listingId: mismatched.listingId, amount: { amount: 2000, currency: "USD" } }),
    );
    expect(await waitPurchase(exact, () => true, "the exact payment's purchase")).toMatchObject({
      status: "completed",
      held_reason: null,
    });
    expect(await waitPurchase(more, () => true, "the larger payment's purchase")).toMatchObject({
      status: "held",
      held_reason: "amount-mismatch",
      amount: "2001",
    });
    expect(await waitPurchase(dollars, () => true, "the dollar payment's purchase")).toMatchObject({
      status: "held",
      held_reason: "currency-mismatch",
      currency: "USD",
    });
    expect(await historyOf(more)).toEqual([{ kind: "purchase", amount: 2001, status: "held", version: 1 }]);
    const [created] = await outboxOf(dollars);
    expect(created?.payload.data).toMatchObject({ status: "held", heldReason: "currency-mismatch" });
    expect((await outboxOf(exact))[0]?.payload.data).toMatchObject({ status: "completed", heldReason: null });

    const page = await c.call("listPurchases", { pageSize: 100 }, as(provider));
    const listed = (pi: string) => page.items.find((p) => p.paymentReference === pi);
    expect(listed(more)).toMatchObject({ status: "held", reason: "amount-mismatch" });
    expect(listed(dollars)).toMatchObject({ status: "held", reason: "currency-mismatch" });
    expect(listed(exact)).toMatchObject({ status: "completed", reason: "" });
    const activity = await c.call("listPurchaseActivity", { limit: 500 }, as(provider));
    const entry = (itemId: string, amount: string) =>
      activity.items.find((e) => e.marketplaceItemId === itemId && e.amount?.amount === amount);
    expect(activity.items.filter((e) => e.marketplaceItemId === mismatched.itemId)).toHaveLength(2);
    expect(entry(mismatched.itemId, "2001")).toMatchObject({ kind: "purchase", reason: "amount-mismatch" });
    expect(entry(sold.itemId, "2000")).toMatchObject({ kind: "purchase", reason: "" });

    expect(await countsByReason("purchases.held_payments")).toEqual({
      "amount-mismatch": 1,
      "currency-mismatch": 1,
    });

    // Held purchases of the item are no purchase to download with; the exact one passes that check (its
    // item has no release of the version, so that is the next answer).
    const access = (itemId: string) =>
      c.call(
        "getDownloadAccess",
        { marketplaceItemId: itemId, version: "1.0.0", deviceId: device },
        as(provider),
      );
    expect(await access(mismatched.itemId)).toMatchObject({ eligible: false, reason: "purchase-not-active" });
    expect(await access(sold.itemId)).toMatchObject({ eligible: false, reason: "version-not-found" });
  });

  it("a held purchase stays held through a partial refund and a won dispute, and is refunded in full", async () => {
    const { listingId } = await knownListing();
    const pi = `pi_${uuidv7()}`;
    await pay(payment(pi, 1, { listingId, amount: { amount: 1500, currency: "EUR" } }));
    await waitPurchase(pi, (r) => r.status === "held", "held");
    await pay(payment(pi, 2, { kind: "refunded", amountRefunded: { amount: 500, currency: "EUR" } }));
    await pay(payment(pi, 3, { kind: "dispute-created", disputeStatus: "open" }));
    await pay(payment(pi, 4, { kind: "dispute-closed", disputeStatus: "won" }));
    await waitPurchase(pi, (r) => r.version === 4, "the dispute won");
    await pay(payment(pi, 5, { kind: "refunded", amountRefunded: { amount: 1500, currency: "EUR" } }));
    await waitPurchase(pi, (r) => r.version === 5, "the full refund");
    expect((await historyOf(pi)).map((h) => h.status)).toEqual(["held", "held", "held", "held", "refunded"]);
    const events = await outboxOf(pi);
    expect(events.map((e) => e.payload.data.heldReason)).toEqual(Array(5).fill("amount-mismatch"));
  });
});

/**
 * Runs `queue` while the payment consumer is stuck on an update of another intent (its purchase row locked
 * here), waits until the server has handed it every queued update, then lets it go: the updates queued
 * meanwhile are applied together, as one batch, in the order they were published.
 */
async function whileConsumerBusy(queue: () => Promise<number>) {
  const { listingId } = await knownListing();
  const busy = `pi_${uuidv7()}`;
  await pay(payment(busy, 1, { listingId }));
  await waitPurchase(busy, () => true, "the purchase the consumer will be stuck on");
  const blocker = await svc.pool.connect();
  try {
    await blocker.query("BEGIN");
    await blocker.query("SELECT 1 FROM purchases WHERE payment_reference = $1 FOR UPDATE", [busy]);
    await pay(payment(busy, 2, { kind: "refunded", amountRefunded: { amount: 1, currency: "EUR" } }));
    await waitFor(
      async () =>
        (await rowOf(
          "SELECT 1 FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND query LIKE '%FOR UPDATE%' AND pid <> pg_backend_pid()",
          [],
        )) ?? undefined,
      { what: "the consumer waiting on the locked purchase" },
    );
    const queued = await queue();
    const stream = svc.bus.streamName(STREAMS.SETTLEMENTS.name);
    const durable = durableName("purchases-payments", [paymentUpdatedV1.type]);
    await waitFor(
      async () => {
        const info = await svc.bus.jsm.consumers.info(stream, durable);
        return info.num_pending === 0 && info.num_ack_pending === 1 + queued ? true : undefined;
      },
      { what: "every queued update held by the consumer" },
    );
    await blocker.query("COMMIT");
  } finally {
    blocker.release();
  }
}

/** The transactions (xmin) that wrote a payment intent's history rows, in version order. */
const historyTransactionsOf = async (pi: string) =>
  (
    await svc.pool.query<{ tx: string }>(
      `SELECT h.xmin::text AS tx FROM purchase_history h
       JOIN purchases p ON p.id = h.purchase_id WHERE p.payment_reference = $1 ORDER BY h.version`,
      [pi],
    )
  ).rows.map((r) => r.tx);

describe("payment updates queued together (one transaction per batch)", () => {
  it("applies an intent's paid, refund and dispute of one batch in order, in one transaction", async () => {
    const { listingId } = await knownListing();
    const pi = `pi_${uuidv7()}`;
    const other = `pi_${uuidv7()}`;
    const paid = payment(pi, 1, { listingId });
    const refund = payment(pi, 2, {
      kind: "refunded",
      amountRefunded: { amount: 500, currency: "EUR" },
      refund: "partial",
    });
    const dispute = payment(pi, 3, { kind: "dispute-created", disputeStatus: "open" });
    expect(PAYMENT_UPDATE_BATCH).toBeGreaterThanOrEqual(4);
    await whileConsumerBusy(async () => {
      for (const update of [paid, refund, payment(other, 1, { listingId }), dispute]) await pay(update);
      return 4;
    });
    await waitPurchase(pi, (r) => r.status === "disputed", "disputed");
    await waitPurchase(other, () => true, "the other intent's purchase");
    expect(await historyOf(pi)).toEqual([
      { kind: "purchase", amount: 2000, status: "completed", version: 1 },
      { kind: "refund", amount: 500, status: "partially_refunded", version: 2 },
      { kind: "dispute-opened", amount: 2000, status: "disputed", version: 3 },
    ]);
    const events = await outboxOf(pi);
    expect(events.map((e) => [e.event_type, e.payload.data.version])).toEqual([
      ["purchases.purchase.created.v1", 1],
      ["purchases.purchase.refunded.v1", 2],
      ["purchases.purchase.dispute-updated.v1", 3],
    ]);
    expect(events[0]?.payload.data).toMatchObject({ change: { stripeEventId: paid.stripeEventId } });
    // All three changes were written by one transaction: they were applied as one batch.
    const [tx, ...rest] = await historyTransactionsOf(pi);
    expect(rest).toEqual([tx, tx]);
    expect(await historyTransactionsOf(other)).toEqual([tx]);
  });

  it("a poison update rolls its batch back: the others are applied alone, in order, and it is recorded once per delivery", async () => {
    const { listingId } = await knownListing();
    const pi = `pi_${uuidv7()}`;
    const next = `pi_${uuidv7()}`;
    const poison = payment(`pi_${uuidv7()}`, 1, { listingId: uuidv7() }); // a listing that never arrives
    await whileConsumerBusy(async () => {
      await pay(payment(pi, 1, { listingId }));
      await pay(poison);
      await pay(
        payment(pi, 2, {
          kind: "refunded",
          amountRefunded: { amount: 2000, currency: "EUR" },
          refund: "full",
        }),
      );
      await pay(payment(next, 1, { listingId }));
      return 4;
    });
    await waitPurchase(pi, (r) => r.status === "refunded", "refunded");
    await waitPurchase(next, () => true, "the purchase after the poison");
    expect(await historyOf(pi)).toEqual([
      { kind: "purchase", amount: 2000, status: "completed", version: 1 },
      { kind: "refund", amount: 2000, status: "refunded", version: 2 },
    ]);
    // Applied alone after the rollback: each change in its own transaction.
    expect(new Set(await historyTransactionsOf(pi)).size).toBe(2);
    const letter = await waitRow(
      "SELECT attempts FROM dead_letters WHERE payload->'data'->>'stripeEventId' = $1",
      [poison.stripeEventId],
      "the poison update dead-lettered",
    );
    expect(letter).toEqual({ attempts: 6 });
    // Six deliveries, six records: the failed batch run did not count as one more.
    expect(
      await rowOf("SELECT reason, attempts, resolved_at FROM unmatched_payments WHERE stripe_event_id = $1", [
        poison.stripeEventId,
      ]),
    ).toEqual({ reason: "unknown-listing", attempts: 6, resolved_at: null });
    expect(await purchaseOf(poison.paymentIntentId)).toBeUndefined();
  });
});

describe("ListPurchases and ListPurchaseActivity", () => {
  it("lists the caller's organisation's purchases in one mode, newest first, and the activity feed", async () => {
    const { listingId } = await knownListing();
    const other = await knownListing(otherProvider.organisationId);
    const live = `pi_${uuidv7()}`;
    const test = `pi_${uuidv7()}`;
    await pay(
      payment(other.listingId, 1, {
        listingId: other.listingId,
        deviceId: otherDevice,
        paymentIntentId: `pi_${uuidv7()}`,
      }),
    );
    await pay(payment(test, 1, { listingId }));
    await pay(payment(live, 1, { listingId, livemode: true, deviceId: "fedcba9876543210" }));
    await waitPurchase(live, () => true, "the live purchase");
    await waitPurchase(test, () => true, "the test purchase");
    await pay(
      payment(test, 2, {
        kind: "refunded",
        amountRefunded: { amount: 300, currency: "EUR" },
        refund: "partial",
      }),
    );
    await waitPurchase(test, (r) => r.status === "partially_refunded", "refunded");

    const testPage = await c.call("listPurchases", {}, as(provider));
    expect(
      testPage.items.every((p) => !p.livemode && p.providerOrganisationId === provider.organisationId),
    ).toBe(true);
    expect(testPage.items.map((p) => p.paymentReference)).toContain(test);
    const times = testPage.items.map((p) => p.purchasedAt);
    expect(times).toEqual([...times].sort().reverse());
    const livePage = await c.call(
      "listPurchases",
      { livemode: true, deviceId: "FEDCBA9876543210" },
      as(provider),
    );
    expect(livePage.items.map((p) => p.paymentReference)).toEqual([live]);
    expect(livePage.items[0]).toMatchObject({
      amount: { amount: "2000", currency: "EUR" },
      status: "completed",
    });

    const activity = await c.call("listPurchaseActivity", { limit: 500 }, as(provider));
    const mine = activity.items.filter((e) => e.deviceId === device);
    expect(mine[0]).toMatchObject({ kind: "refund", amount: { amount: "300" } });
    expect(activity.items.some((e) => e.deviceId === "fedcba9876543210")).toBe(false);
    const ats = activity.items.map((e) => e.at);
    expect(ats).toEqual([...ats].sort().reverse());
    const windowed = await c.call(
      "listPurchaseActivity",
      { limit: 1, startUtc: "2000-01-01T00:00:00Z", endUtc: "2000-01-02T00:00:00Z" },
      as(provider),
    );
    expect(windowed).toEqual({ items: [], limit: 1 });
    const otherPage = await c.call("listPurchases", {}, as(otherProvider));
    expect(otherPage.items.map((p) => p.listingId)).toEqual([other.listingId]);
  });

  it("refuses bad input with the field named, and callers without the provider role", async () => {
    await expect(c.call("listPurchaseActivity", { limit: 501 }, as(provider))).rejects.toMatchObject({
      code: "validation-failed",
      extensions: { errors: { "query.limit": expect.any(Array) } },
    });
    await expect(c.call("listPurchases", { deviceId: "nope" }, as(provider))).rejects.toMatchObject({
      extensions: { errors: { "query.deviceId": expect.any(Array) } },
    });
    await expect(c.call("listPurchases", {}, as(developer))).rejects.toMatchObject({ code: "forbidden" });
  });
});

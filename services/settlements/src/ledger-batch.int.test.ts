import { type EventEnvelope, newEvent } from "@mp/bus";
import { type BatchApply, batchApplier, drainInBatches } from "@mp/bus/batch-equivalence";
import {
  type PurchaseSnapshotV1,
  purchaseCreatedV1,
  purchaseDisputeUpdatedV1,
  purchaseRefundedV1,
} from "@mp/contracts";
import { createPool, type Pool, withTransaction } from "@mp/db";
import { testLogger } from "@mp/logger";
import { migrateService, uuidV7Ids } from "@mp/runtime";
import { freshInfra, type TestInfra } from "@mp/testing";
import { afterAll, describe, expect, it } from "vitest";
import { makeRecordPurchaseChange, NotReadyError } from "./application/record-purchase-change";
import { makeHandlerDeadLetter } from "./infra/dead-letter";
import { makeLedgerRepository } from "./infra/ledger.repository";
import { makeLedgerProjections } from "./infra/ledger-projections.repository";
import { makeStatementRepository } from "./infra/statements.repository";
import { LEDGER_BATCH, LEDGER_CONSUMER } from "./transport/ledger.consumers";

// The ledger writer applied to the same events one transaction per event and in the bus's batches (up
// to LEDGER_BATCH in one transaction; a batch that fails is rolled back and its events applied alone, an
// event not ready yet coming back later) must write the same ledger: the movements and their order,
// entries, statements and line kinds, cursors, dead letters and the earnings aggregates.

const org = (n: number) => `0193a1b2-0000-7000-8000-0000000000${n.toString(16).padStart(2, "0")}`;
const DEVS = [org(0xd1), org(0xd2)];
const PROVIDERS = [org(0xb1), org(0xb2), org(0xb3)];
const INSTANCE = org(0xc1);
const ITEMS = [org(0xe1), org(0xe2)];
const id = (n: number) => `0193a1b2-0000-7000-8000-${n.toString(16).padStart(12, "0")}`;
const NOW = new Date("2026-11-26T12:00:00Z");
/** October is closed before any event: its sales land in November's statements as adjustments. */
const OCT = Date.parse("2026-10-20T09:00:00Z");
const NOV = Date.parse("2026-11-03T09:00:00Z");

type Change = PurchaseSnapshotV1["change"]["kind"];
/** Purchases held by purchases (paid another amount than the price): none of their events is booked. */
const HELD = new Set([17, 42]);

function event(n: number, version: number, kind: Change, amount: number, currency = "EUR") {
  const purchasedAt = n % 5 === 0 ? OCT + n * 3_600_000 : NOV + n * 21_600_000;
  const at = new Date(purchasedAt + (version - 1) * 3_600_000).toISOString();
  const data = {
    id: id(n),
    marketplaceItemId: ITEMS[n % 2],
    displayName: n % 4 === 0 ? "" : `Sensor ${n % 3}`,
    listingId: id(10_000 + n),
    marketplaceInstanceId: INSTANCE,
    providerOrganisationId: PROVIDERS[n % 3],
    deviceId: `device-${n}`,
    amount: { amount: 1000 + n * 7, currency },
    amountRefunded: { amount: 0, currency },
    status: HELD.has(n) ? "held" : "completed",
    heldReason: HELD.has(n) ? "amount-mismatch" : null,
    livemode: n % 7 === 0,
    purchasedAt: new Date(purchasedAt).toISOString(),
    paymentReference: `pi_${n}`,
    change: { kind, amount: { amount, currency }, stripeEventId: `evt_${n}_${version}`, at },
    occurredAt: at,
    version,
  } as PurchaseSnapshotV1;
  const type =
    kind === "purchase"
      ? purchaseCreatedV1.type
      : kind === "refund"
        ? purchaseRefundedV1.type
        : purchaseDisputeUpdatedV1.type;
  return newEvent(type, "purchases", data) as EventEnvelope<PurchaseSnapshotV1>;
}

/**
 * Sales of 60 purchases with refunds, lost disputes, repeats, a rejected sale, two held purchases and a
 * few versions early.
 */
function events(): EventEnvelope<PurchaseSnapshotV1>[] {
  const out: EventEnvelope<PurchaseSnapshotV1>[] = [];
  const later: EventEnvelope<PurchaseSnapshotV1>[] = [];
  for (let n = 1; n <= 60; n++) {
    // Purchase 13's sale is in USD, its base price in EUR: dead-lettered, and its refund after it too.
    const sale = event(n, 1, "purchase", 1000 + n * 7, n === 13 ? "USD" : "EUR");
    out.push(sale);
    if (n % 3 === 0) out.push(event(n, 2, "refund", 150 + n));
    if (n % 6 === 0) out.push(event(n, 3, "refund", 100_000)); // more than is left: clamped
    if (n % 10 === 0) out.push(sale); // the same event again: the inbox's duplicate
    if (n % 4 === 1 && n % 3 !== 0 && n !== 13) {
      // A lost dispute; for two purchases its version 2 (dispute opened) arrives after it: not ready.
      const opened = event(n, 2, "dispute-opened", 0);
      if (n === 25 || n === 49) later.push(opened);
      else out.push(opened);
      out.push(event(n, 3, "dispute-lost", 0));
    }
    if (n === 13) out.push(event(n, 2, "refund", 10, "USD"));
    // The batches interleave: some events of earlier purchases come after later purchases' sales.
    if (n % 8 === 0) out.push(...later.splice(0));
  }
  out.push(...later);
  return out;
}

async function database(infra: TestInfra): Promise<Pool> {
  const pool = createPool({ url: infra.databaseUrl, schema: "settlements", max: 2, logger: testLogger() });
  await migrateService(pool, "settlements", new URL("../migrations", import.meta.url));
  for (const [i, item] of ITEMS.entries())
    await pool.query(
      `INSERT INTO ledger_items (id, developer_organisation_id, marketplace_instance_id, display_name, version)
       VALUES ($1, $2, $3, $4, 1)`,
      [item, DEVS[i], INSTANCE, `Item ${i}`],
    );
  // Item 0's base price changes on Nov 10, with its record arriving out of order.
  await pool.query(
    `INSERT INTO ledger_item_prices (item_id, version, effective_from, amount, currency) VALUES
       ($1, 2, '2026-11-10T00:00:00Z', 700, 'EUR'), ($1, 1, '2026-01-01T00:00:00Z', 400, 'EUR'),
       ($2, 1, '2026-01-01T00:00:00Z', 300, 'EUR')`,
    ITEMS,
  );
  await pool.query(
    `INSERT INTO ledger_instance_fees (instance_id, version, effective_from, platform_fee_bps)
     VALUES ($1, 1, '2026-01-01T00:00:00Z', 1250)`,
    [INSTANCE],
  );
  const statements = makeStatementRepository();
  for (const livemode of [false, true])
    await withTransaction(pool, (tx) =>
      statements.closePeriod(tx, {
        start: new Date("2026-10-01T00:00:00Z"),
        end: new Date("2026-11-01T00:00:00Z"),
        livemode,
        by: "test",
        batchId: uuidV7Ids.next(),
      }),
    );
  return pool;
}

function writer(how: "bus" | "handler alone"): BatchApply<PurchaseSnapshotV1> {
  const handle = makeRecordPurchaseChange({
    ledger: makeLedgerRepository(),
    projections: makeLedgerProjections(),
    statements: makeStatementRepository(),
    deadLetter: makeHandlerDeadLetter(LEDGER_CONSUMER),
    ids: uuidV7Ids,
    clock: { now: () => NOW },
    logger: testLogger(),
  });
  return batchApplier(LEDGER_CONSUMER, handle, how);
}

/**
 * Applies `queue` in batches of `size`; a failed batch goes one by one, a not-ready event to the back.
 * Counts the events not ready and those applied in batches that committed.
 */
async function drain(
  pool: Pool,
  queue: EventEnvelope<PurchaseSnapshotV1>[],
  size: number,
  apply: BatchApply<PurchaseSnapshotV1>,
): Promise<{ notReady: number; batched: number }> {
  let notReady = 0;
  const batched = await drainInBatches(pool, queue, size, apply, async (e, error) => {
    if (!(error instanceof NotReadyError)) throw error;
    notReady++;
    queue.push(e);
  });
  return { notReady, batched };
}

async function ledger(pool: Pool) {
  const q = async (sql: string) => (await pool.query(sql)).rows;
  return {
    movements: await q(
      `SELECT t.purchase_id, t.kind, t.display_name, t.device_id, t.gross, t.platform_fee, t.developer_share,
              t.provider_share, t.occurred_at, t.livemode, t.developer_organisation_id,
              json_agg(json_build_object('party', e.party, 'org', e.organisation_id, 'amount', e.amount,
                'line', e.line_kind, 'role', s.role, 'period', s.period_start, 'status', s.status)
                ORDER BY e.party) AS entries
         FROM ledger_transactions t JOIN ledger_entries e ON e.transaction_id = t.id
         LEFT JOIN statements s ON s.id = e.statement_id
        GROUP BY t.id ORDER BY t.purchase_id, t.seq`,
    ),
    cursors: await q("SELECT purchase_id, version, rejected FROM ledger_purchases ORDER BY purchase_id"),
    deadLetters: await q("SELECT event_id, error FROM dead_letters ORDER BY event_id"),
    statements: await q(
      "SELECT organisation_id, role, currency, livemode, period_start, status FROM statements ORDER BY 1, 2, 3, 4, 5",
    ),
    daily: await q(
      `SELECT provider_organisation_id, livemode, currency, day, marketplace_item_id, display_name, name_at,
              gross_sales, refunds, platform_fees, developer_costs, net_earnings, sale_count
         FROM earnings_daily ORDER BY 1, 2, 3, 4, 5`,
    ),
    hourly: await q(
      `SELECT provider_organisation_id, livemode, currency, hour, marketplace_item_id, display_name, name_at,
              gross_sales, refunds, platform_fees, developer_costs, net_earnings, sale_count
         FROM earnings_hourly ORDER BY 1, 2, 3, 4, 5`,
    ),
  };
}

describe("ledger writer: batches write what one event per transaction writes", () => {
  const infras: TestInfra[] = [];
  const pools: Pool[] = [];
  afterAll(async () => {
    await Promise.all(pools.map((p) => p.end()));
    await Promise.all(infras.map((i) => i.cleanup()));
  });

  it("the same movements, entries, statements, cursors, dead letters and earnings", async () => {
    infras.push(
      ...(await Promise.all([
        freshInfra("ledger_one"),
        freshInfra("ledger_batch"),
        freshInfra("ledger_direct"),
      ])),
    );
    pools.push(...(await Promise.all(infras.map(database))));
    const [alonePool, batchPool, directPool] = pools as [Pool, Pool, Pool];
    const stream = events();
    const alone = await drain(alonePool, [...stream], 1, writer("bus"));
    expect(alone).toEqual({ notReady: 2, batched: 0 });
    // Most events go in batches that commit; the two batches with an event not ready go one by one.
    const inBatches = await drain(batchPool, [...stream], LEDGER_BATCH, writer("bus"));
    expect(inBatches.notReady).toBe(2);
    expect(inBatches.batched).toBeGreaterThanOrEqual(stream.length - 2 * LEDGER_BATCH);
    const direct = await drain(directPool, [...stream], LEDGER_BATCH, writer("handler alone"));
    expect(direct).toEqual(inBatches);
    const [expected, batched, directly] = await Promise.all(pools.map(ledger));
    // The run covers what it should: reversals, adjustments into November, dead letters, both modes.
    const kinds = new Set(expected?.movements.map((m) => m.kind));
    expect([...kinds].sort()).toEqual(["dispute", "refund", "sale"]);
    expect(JSON.stringify(expected?.movements)).toContain('"line":"adjustment"');
    expect(expected?.deadLetters).toHaveLength(2);
    expect(expected?.cursors).toHaveLength(60);
    const heldIds = [...HELD].map(id);
    expect(expected?.movements.filter((m) => heldIds.includes(m.purchase_id))).toEqual([]);
    expect(expected?.cursors.filter((c) => heldIds.includes(c.purchase_id))).toEqual([
      { purchase_id: id(17), version: 3, rejected: false },
      { purchase_id: id(42), version: 3, rejected: false },
    ]);
    expect(new Set(expected?.movements.map((m) => m.livemode)).size).toBe(2);
    expect(batched).toEqual(expected);
    expect(directly).toEqual(expected);
  });

  it("books one sale when two copies of a purchase's first event are applied at the same moment", async () => {
    const infra = await freshInfra("ledger_race");
    infras.push(infra);
    const pool = await database(infra);
    pools.push(pool);
    const apply = writer("bus");
    // Each purchase's sale twice under two event ids (the event and a snapshot of it), in two transactions
    // on two connections at once; a transaction that fails is applied again alone, as the bus would.
    for (let n = 1; n <= 8; n++) {
      const sale = event(n, 1, "purchase", 1000 + n * 7);
      const copy = { ...sale, id: newEvent(sale.type, "purchases", sale.data).id };
      const outcomes = await Promise.allSettled([apply(pool, [sale]), apply(pool, [copy])]);
      for (const [i, outcome] of outcomes.entries())
        if (outcome.status === "rejected") await apply(pool, [i === 0 ? sale : copy]);
    }
    const { rows } = await pool.query<{ purchase_id: string; sales: number }>(
      `SELECT purchase_id, count(*)::int AS sales FROM ledger_transactions WHERE kind = 'sale'
        GROUP BY purchase_id ORDER BY purchase_id`,
    );
    expect(rows).toHaveLength(8);
    for (const row of rows) expect(row.sales).toBe(1);
  });
});

/**
 * The ledger writer's cost per booked purchase, without a stack: a fresh database on the local
 * PostgreSQL (DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres), the settlements
 * migrations, one item, price and instance (as in bench scenario E: every sale of one listing), then
 * purchase events applied the way the bus applies a batch (inbox row, handler, up to 32 in one
 * transaction, on one connection). Reports SQL statements and CPU (this process, and the PostgreSQL
 * backend from /proc/<pid>/stat, so the server must run on this machine) per booked sale, and a digest
 * of the resulting ledger (ids and timestamps left out) that must not change with an optimisation.
 *
 *   pnpm tsx bench/src/probe/settlements/ledger-writer-cpu.ts [sales=3200]
 */
import { applyInTransaction, type EventEnvelope, newEvent } from "@mp/bus";
import { type PurchaseSnapshotV1, purchaseCreatedV1, purchaseRefundedV1 } from "@mp/contracts";
import { uuidV7Ids } from "@mp/runtime";
import { rowsDigest, writeCostMeter } from "@mp/testing/write-cost";
import { makeRecordPurchaseChange } from "../../../../services/settlements/src/application/record-purchase-change";
import { makeHandlerDeadLetter } from "../../../../services/settlements/src/infra/dead-letter";
import { makeLedgerRepository } from "../../../../services/settlements/src/infra/ledger.repository";
import { makeLedgerProjections } from "../../../../services/settlements/src/infra/ledger-projections.repository";
import { makeStatementRepository } from "../../../../services/settlements/src/infra/statements.repository";
import {
  LEDGER_BATCH,
  LEDGER_CONSUMER,
} from "../../../../services/settlements/src/transport/ledger.consumers";
import { withServiceDatabase } from "../service-database";

const SALES = Number(process.argv[2] ?? 3200);
const DEV_ORG = "0193a1b2-0000-7000-8000-0000000000d1";
const PROV_ORG = "0193a1b2-0000-7000-8000-0000000000b1";
const ITEM = "0193a1b2-0000-7000-8000-00000000a001";
const INSTANCE = "0193a1b2-0000-7000-8000-00000000c001";
const purchaseId = (n: number) => `0193a1b2-0000-7000-8000-${n.toString(16).padStart(12, "0")}`;
const BASE = Date.parse("2026-11-02T10:00:00Z");

function purchase(n: number, version: number, change: PurchaseSnapshotV1["change"]): PurchaseSnapshotV1 {
  const purchasedAt = new Date(BASE + n * 1000).toISOString();
  return {
    id: purchaseId(n),
    marketplaceItemId: ITEM,
    displayName: n % 7 === 0 ? "" : `Thermo ${n % 3}`,
    listingId: purchaseId(900_000 + n),
    marketplaceInstanceId: INSTANCE,
    providerOrganisationId: PROV_ORG,
    deviceId: "0123456789abcdef",
    amount: { amount: 1999 + (n % 50), currency: "EUR" },
    amountRefunded: { amount: 0, currency: "EUR" },
    status: "completed",
    livemode: false,
    purchasedAt,
    paymentReference: `pi_${n}`,
    change,
    occurredAt: change.at,
    version,
  } as PurchaseSnapshotV1;
}
const sale = (n: number) =>
  newEvent(
    purchaseCreatedV1.type,
    "purchases",
    purchase(n, 1, {
      kind: "purchase",
      amount: { amount: 1999 + (n % 50), currency: "EUR" },
      stripeEventId: `evt_${n}`,
      at: new Date(BASE + n * 1000).toISOString(),
    }),
  ) as EventEnvelope<PurchaseSnapshotV1>;
const refund = (n: number, version: number, amount: number) =>
  newEvent(
    purchaseRefundedV1.type,
    "purchases",
    purchase(n, version, {
      kind: "refund",
      amount: { amount, currency: "EUR" },
      stripeEventId: `evt_${n}_r${version}`,
      at: new Date(BASE + n * 1000 + version * 60_000).toISOString(),
    }),
  ) as EventEnvelope<PurchaseSnapshotV1>;

async function main() {
  const database = { prefix: "ledger_cpu", max: 1, logLevel: "warn" };
  await withServiceDatabase("settlements", database, async (pool, logger) => {
    await pool.query(
      `INSERT INTO ledger_items (id, developer_organisation_id, marketplace_instance_id, display_name, version)
       VALUES ($1, $2, $3, 'Thermo', 1)`,
      [ITEM, DEV_ORG, INSTANCE],
    );
    await pool.query(
      `INSERT INTO ledger_item_prices (item_id, version, effective_from, amount, currency)
       VALUES ($1, 1, '2026-01-01', 500, 'EUR')`,
      [ITEM],
    );
    await pool.query(
      `INSERT INTO ledger_instance_fees (instance_id, version, effective_from, platform_fee_bps)
       VALUES ($1, 1, '2026-01-01', 1500)`,
      [INSTANCE],
    );
    const handle = makeRecordPurchaseChange({
      ledger: makeLedgerRepository(),
      projections: makeLedgerProjections(),
      statements: makeStatementRepository(),
      deadLetter: makeHandlerDeadLetter(LEDGER_CONSUMER),
      ids: uuidV7Ids,
      clock: { now: () => new Date("2026-11-26T12:00:00Z") },
      logger,
    });
    const meter = await writeCostMeter(pool);
    /** As the bus's processBatch: one transaction, each event's inbox row then its handler. */
    const applyBatch = (events: EventEnvelope<PurchaseSnapshotV1>[]) =>
      applyInTransaction(
        pool,
        LEDGER_CONSUMER,
        events.map((event) => ({ event })),
        handle,
      );
    const run = (label: string, events: EventEnvelope<PurchaseSnapshotV1>[], per: number) =>
      meter.measure(label, events.length, per, "booked movement", async () => {
        for (let i = 0; i < events.length; i += LEDGER_BATCH)
          await applyBatch(events.slice(i, i + LEDGER_BATCH));
      });
    // Warm-up: plan caches and the statements of the month exist, as in a running service.
    await run(
      "warm-up",
      Array.from({ length: 64 }, (_, i) => sale(1_000_000 + i)),
      64,
    );
    await run(
      "sales",
      Array.from({ length: SALES }, (_, i) => sale(i + 1)),
      SALES,
    );
    // A mixed run: batches where several events of one purchase and several purchases interleave.
    const mixed: EventEnvelope<PurchaseSnapshotV1>[] = [];
    for (let n = 2_000_001; n <= 2_000_400; n++) {
      mixed.push(sale(n));
      if (n % 3 === 0) mixed.push(refund(n, 2, 300));
      if (n % 6 === 0) mixed.push(refund(n, 3, 5000)); // more than is left: clamped
      if (n % 10 === 0) mixed.push(refund(n, 2, 1)); // repeated version: a no-op
    }
    await run("mixed", mixed, mixed.length);
    const digest = await rowsDigest(pool, [
      `SELECT t.purchase_id, t.kind, t.display_name, t.gross, t.platform_fee, t.developer_share,
              t.provider_share, t.occurred_at, e.party, e.organisation_id, e.amount, e.line_kind,
              s.role, s.period_start
         FROM ledger_transactions t JOIN ledger_entries e ON e.transaction_id = t.id
         LEFT JOIN statements s ON s.id = e.statement_id ORDER BY t.seq, e.party`,
      "SELECT purchase_id, version, rejected FROM ledger_purchases ORDER BY purchase_id",
      `SELECT provider_organisation_id, day, display_name, name_at, gross_sales, refunds, platform_fees,
              developer_costs, net_earnings, sale_count FROM earnings_daily ORDER BY 1, 2`,
      `SELECT provider_organisation_id, hour, display_name, name_at, gross_sales, refunds, platform_fees,
              developer_costs, net_earnings, sale_count FROM earnings_hourly ORDER BY 1, 2`,
      "SELECT organisation_id, role, period_start, status FROM statements ORDER BY 1, 2, 3",
      "SELECT count(*) FROM dead_letters",
    ]);
    console.log(`ledger digest ${digest}`);
  });
}

await main();

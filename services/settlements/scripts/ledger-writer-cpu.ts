/**
 * The ledger writer's cost per booked purchase, without a stack: a fresh database on the local
 * PostgreSQL (DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres), the settlements
 * migrations, one item, price and instance (as in bench scenario E: every sale of one listing), then
 * purchase events applied the way the bus applies a batch (inbox row, handler, up to 32 in one
 * transaction, on one connection). Reports SQL statements and CPU (this process, and the PostgreSQL
 * backend from /proc/<pid>/stat, so the server must run on this machine) per booked sale, and a digest
 * of the resulting ledger (ids and timestamps left out) that must not change with an optimisation.
 *
 *   pnpm --filter @mp/svc-settlements exec tsx scripts/ledger-writer-cpu.ts [sales=3200]
 */
import { createHash, randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { applyInTransaction, type EventEnvelope, newEvent } from "@mp/bus";
import { type PurchaseSnapshotV1, purchaseCreatedV1, purchaseRefundedV1 } from "@mp/contracts";
import { createPool, migrate, type PoolClient } from "@mp/db";
import { createLogger } from "@mp/logger";
import { serviceMigrations, uuidV7Ids } from "@mp/runtime";
import { makeRecordPurchaseChange } from "../src/application/record-purchase-change";
import { makeHandlerDeadLetter } from "../src/infra/dead-letter";
import { makeLedgerRepository } from "../src/infra/ledger.repository";
import { makeLedgerProjections } from "../src/infra/ledger-projections.repository";
import { makeStatementRepository } from "../src/infra/statements.repository";
import { LEDGER_BATCH, LEDGER_CONSUMER } from "../src/transport/ledger.consumers";

const SALES = Number(process.argv[2] ?? 3200);
const ADMIN_URL = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
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

function backendTicks(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  const f = stat
    .slice(stat.lastIndexOf(")") + 2)
    .split(" ")
    .map(Number);
  return (f[11] ?? 0) + (f[12] ?? 0);
}

async function main() {
  const database = `ledger_cpu_${randomBytes(4).toString("hex")}`;
  const logger = createLogger({ service: "ledger-cpu", level: "warn" });
  const admin = createPool({ url: ADMIN_URL, schema: "public", max: 1, logger });
  await admin.query(`CREATE DATABASE ${database}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${database}`;
  const pool = createPool({ url: url.toString(), schema: "settlements", max: 1, logger });
  try {
    const migrationsDir = fileURLToPath(new URL("../migrations", import.meta.url));
    await migrate(pool, "settlements", await serviceMigrations({ migrationsDir }));
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
    const { rows } = await pool.query<{ pid: number }>("SELECT pg_backend_pid() AS pid");
    const pid = (rows[0] as { pid: number }).pid;
    let statements = 0;
    const counted = new WeakSet<PoolClient>();
    pool.on("acquire", (client: PoolClient) => {
      if (counted.has(client)) return;
      counted.add(client);
      const query = client.query.bind(client) as (...args: unknown[]) => unknown;
      (client as { query: unknown }).query = (...args: unknown[]) => {
        statements++;
        return query(...args);
      };
    });
    /** As the bus's processBatch: one transaction, each event's inbox row then its handler. */
    const applyBatch = (events: EventEnvelope<PurchaseSnapshotV1>[]) =>
      applyInTransaction(
        pool,
        LEDGER_CONSUMER,
        events.map((event) => ({ event })),
        handle,
      );
    const run = async (label: string, events: EventEnvelope<PurchaseSnapshotV1>[], per: number) => {
      statements = 0;
      const cpu0 = process.cpuUsage();
      const pg0 = backendTicks(pid);
      const t0 = performance.now();
      for (let i = 0; i < events.length; i += LEDGER_BATCH)
        await applyBatch(events.slice(i, i + LEDGER_BATCH));
      const wall = performance.now() - t0;
      const pgMs = (backendTicks(pid) - pg0) * 10;
      const cpu = process.cpuUsage(cpu0);
      const nodeMs = (cpu.user + cpu.system) / 1000;
      console.log(
        `${label}: ${events.length} events; per booked movement: ${(statements / per).toFixed(2)} statements, ` +
          `PostgreSQL backend ${(pgMs / per).toFixed(3)} ms CPU, this process ${(nodeMs / per).toFixed(3)} ms CPU, ` +
          `wall ${(wall / per).toFixed(3)} ms`,
      );
    };
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
    const digest = createHash("sha256");
    const dump = async (sql: string) => {
      for (const r of (await pool.query(sql)).rows) digest.update(JSON.stringify(r));
    };
    await dump(`SELECT t.purchase_id, t.kind, t.display_name, t.gross, t.platform_fee, t.developer_share,
                       t.provider_share, t.occurred_at, e.party, e.organisation_id, e.amount, e.line_kind,
                       s.role, s.period_start
                  FROM ledger_transactions t JOIN ledger_entries e ON e.transaction_id = t.id
                  LEFT JOIN statements s ON s.id = e.statement_id ORDER BY t.seq, e.party`);
    await dump("SELECT purchase_id, version, rejected FROM ledger_purchases ORDER BY purchase_id");
    await dump(`SELECT provider_organisation_id, day, display_name, name_at, gross_sales, refunds, platform_fees,
                       developer_costs, net_earnings, sale_count FROM earnings_daily ORDER BY 1, 2`);
    await dump(`SELECT provider_organisation_id, hour, display_name, name_at, gross_sales, refunds, platform_fees,
                       developer_costs, net_earnings, sale_count FROM earnings_hourly ORDER BY 1, 2`);
    await dump("SELECT organisation_id, role, period_start, status FROM statements ORDER BY 1, 2, 3");
    await dump("SELECT count(*) FROM dead_letters");
    console.log(`ledger digest ${digest.digest("hex").slice(0, 16)}`);
  } finally {
    await pool.end();
    await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    await admin.end();
  }
}

await main();

import { setTimeout as sleep } from "node:timers/promises";
import type pg from "pg";
import type { Accepted } from "./traffic";

/** What the database holds for the drill's accepted notifications, and the bus's leftovers. */
export interface Outcomes {
  purchases: number;
  /** Purchases announced more than once (purchase.created events per purchase). */
  doubledPurchases: number;
  /** Sale transactions in the ledger for those purchases, and how many purchases have more than one. */
  sales: number;
  doubledSales: number;
  ledgerEntries: number;
  deadLetters: number;
  parkedOutbox: number;
  /** Where the dead letters and parked rows are, with an error of each: `<schema>: <n> parked (<error>)`. */
  leftovers: string[];
  /** The longest time from a notification's sending to its purchase's row, ms. */
  maxAppearanceMs: number;
}

async function count(db: pg.Pool, sql: string, params: unknown[] = []): Promise<number> {
  const result = await db.query<{ n: string }>(sql, params);
  return Number(result.rows[0]?.n ?? 0);
}

/** Dead letters and parked outbox rows summed over every schema that has those tables, and where. */
async function busLeftovers(
  db: pg.Pool,
): Promise<{ deadLetters: number; parkedOutbox: number; leftovers: string[] }> {
  const tables = await db.query<{ schema: string; table: string }>(
    `SELECT table_schema AS schema, table_name AS table FROM information_schema.tables
      WHERE table_name IN ('dead_letters', 'outbox')`,
  );
  let deadLetters = 0;
  let parkedOutbox = 0;
  const leftovers: string[] = [];
  for (const { schema, table } of tables.rows) {
    const name = `"${schema}"."${table}"`;
    const sql =
      table === "dead_letters"
        ? `SELECT count(*) AS n, max(consumer || ': ' || error) AS sample FROM ${name}`
        : `SELECT count(*) AS n, max(event_type || ': ' || coalesce(last_error, '')) AS sample FROM ${name}
            WHERE parked_at IS NOT NULL`;
    const row = (await db.query<{ n: string; sample: string | null }>(sql)).rows[0];
    const n = Number(row?.n ?? 0);
    if (n === 0) continue;
    if (table === "dead_letters") deadLetters += n;
    else parkedOutbox += n;
    const what = table === "dead_letters" ? "dead letters" : "parked outbox rows";
    leftovers.push(`${schema}: ${n} ${what} (${row?.sample?.slice(0, 300)})`);
  }
  return { deadLetters, parkedOutbox, leftovers };
}

export async function readOutcomes(db: pg.Pool, accepted: Accepted[]): Promise<Outcomes> {
  const refs = accepted.map((a) => a.paymentIntentId);
  // A purchase's row and its purchase.created event are written in one transaction: the outbox row's
  // created_at is when the purchase appeared, and more than one such event would be a doubled purchase.
  const purchases = await db.query<{ ref: string; created: Date | null; n: string }>(
    `WITH created AS (
       SELECT (payload->'data'->>'id')::uuid AS id, created_at FROM purchases.outbox
        WHERE event_type = 'purchases.purchase.created.v1')
     SELECT p.payment_reference AS ref, min(c.created_at) AS created, count(c.id) AS n
       FROM purchases.purchases p LEFT JOIN created c ON c.id = p.id
      WHERE p.payment_reference = ANY($1) GROUP BY p.payment_reference`,
    [refs],
  );
  const sent = new Map(accepted.map((a) => [a.paymentIntentId, a.sentAt]));
  let maxAppearanceMs = 0;
  for (const row of purchases.rows) {
    if (row.created)
      maxAppearanceMs = Math.max(maxAppearanceMs, row.created.getTime() - (sent.get(row.ref) ?? 0));
  }
  const sales = await db.query<{ n: string }>(
    `SELECT count(*) AS n FROM settlements.ledger_transactions t
       JOIN purchases.purchases p ON p.id = t.purchase_id
      WHERE t.kind = 'sale' AND p.payment_reference = ANY($1) GROUP BY t.purchase_id`,
    [refs],
  );
  const ledgerEntries = await count(
    db,
    `SELECT count(*) AS n FROM settlements.ledger_entries e
       JOIN settlements.ledger_transactions t ON t.id = e.transaction_id
       JOIN purchases.purchases p ON p.id = t.purchase_id
      WHERE t.kind = 'sale' AND p.payment_reference = ANY($1)`,
    [refs],
  );
  return {
    purchases: purchases.rows.length,
    doubledPurchases: purchases.rows.filter((r) => Number(r.n) > 1).length,
    sales: sales.rows.length,
    doubledSales: sales.rows.filter((r) => Number(r.n) > 1).length,
    ledgerEntries,
    ...(await busLeftovers(db)),
    maxAppearanceMs,
  };
}

/** Reads the outcomes until every accepted notification has its purchase and sale, or `timeoutMs` passes. */
export async function settledOutcomes(
  db: pg.Pool,
  accepted: Accepted[],
  timeoutMs = 180_000,
): Promise<Outcomes> {
  const started = performance.now();
  for (;;) {
    const outcomes = await readOutcomes(db, accepted);
    const complete = outcomes.purchases >= accepted.length && outcomes.sales >= accepted.length;
    if (complete || performance.now() - started > timeoutMs) return outcomes;
    await sleep(2_000);
  }
}

import { setTimeout as sleep } from "node:timers/promises";
import { jetstreamManager } from "@nats-io/jetstream";
import { connect } from "@nats-io/transport-node";
import pg from "pg";

/** What was still in flight when the wait ended (all zero once the stack is quiet). */
export interface Backlog {
  /** Messages in JetStream not yet delivered to, or not yet acknowledged by, a durable consumer. */
  undelivered: number;
  /** Outbox rows of every service not yet published (parked rows are not counted: they wait for an operator). */
  unsent: number;
}

export interface QuietResult {
  backlog: Backlog;
  seconds: number;
  quiet: boolean;
}

/**
 * Waits until every outbox is sent and every durable consumer has acknowledged everything in its stream,
 * so a measured phase does not share the machine with the tail of the work a previous phase queued
 * (seeding, another scenario's events). Gives up after `timeoutMs` and says what was left.
 */
export async function waitForQuietStack(
  natsUrl: string,
  databaseUrl: string,
  timeoutMs: number,
): Promise<QuietResult> {
  const started = performance.now();
  const nc = await connect({ servers: natsUrl });
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const jsm = await jetstreamManager(nc);
    const outboxes = await outboxTables(db);
    let backlog: Backlog = { undelivered: 0, unsent: 0 };
    let quietChecks = 0;
    while (performance.now() - started < timeoutMs) {
      backlog = { undelivered: await undelivered(jsm), unsent: await unsent(db, outboxes) };
      // Twice in a row, half a second apart: an event relayed between the two reads shows in the second.
      quietChecks = backlog.undelivered === 0 && backlog.unsent === 0 ? quietChecks + 1 : 0;
      if (quietChecks === 2) break;
      await sleep(500);
    }
    return { backlog, seconds: (performance.now() - started) / 1000, quiet: quietChecks === 2 };
  } finally {
    await db.end();
    await nc.close();
  }
}

async function undelivered(jsm: Awaited<ReturnType<typeof jetstreamManager>>): Promise<number> {
  let total = 0;
  for await (const stream of jsm.streams.list()) {
    for await (const consumer of jsm.consumers.list(stream.config.name)) {
      if (!consumer.config.durable_name) continue;
      total += consumer.num_pending + consumer.num_ack_pending;
    }
  }
  return total;
}

async function outboxTables(db: pg.Client): Promise<string[]> {
  const { rows } = await db.query<{ name: string }>(
    `SELECT format('%I.%I', table_schema, table_name) AS name FROM information_schema.tables
      WHERE table_name = 'outbox' AND table_type = 'BASE TABLE'`,
  );
  return rows.map((row) => row.name);
}

async function unsent(db: pg.Client, tables: string[]): Promise<number> {
  if (tables.length === 0) return 0;
  const counts = tables.map(
    (table) => `(SELECT count(*) FROM ${table} WHERE sent_at IS NULL AND parked_at IS NULL)`,
  );
  const { rows } = await db.query<{ n: string }>(`SELECT ${counts.join(" + ")} AS n`);
  return Number(rows[0]?.n ?? 0);
}

/** Refreshes the planner's statistics of every table of a service's schema after bulk seeding. */
export async function analyzeSchema(databaseUrl: string, schema: string): Promise<void> {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const { rows } = await db.query<{ name: string }>(
      `SELECT format('%I.%I', schemaname, tablename) AS name FROM pg_tables WHERE schemaname = $1`,
      [schema],
    );
    for (const { name } of rows) await db.query(`VACUUM (ANALYZE) ${name}`);
  } finally {
    await db.end();
  }
}

/** How long the runner waits for a quiet stack before a scenario. */
export const QUIET_WAIT_MS = 300_000;

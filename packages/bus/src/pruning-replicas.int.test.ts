import { createPool, type Pool } from "@mp/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newEvent } from "./envelope";
import { pruneBusTables, type RetentionWindows } from "./pruning";
import { type BusFixture, busFixture, SCHEMA } from "./test-fixture";

/**
 * Two replicas pruning one schema's bus tables, each with its own pool: one prunes while the other skips,
 * and when the pruning replica dies its lock goes with its connection, so the other prunes next time.
 */
let fx: BusFixture;
let replicas: Pool[];

beforeAll(async () => {
  fx = await busFixture("bus_prune_replicas");
  replicas = [1, 2].map((n) =>
    createPool({ url: fx.infra.databaseUrl, schema: SCHEMA, applicationName: `prune-replica-${n}`, max: 2 }),
  );
});
afterAll(async () => {
  await Promise.all((replicas ?? []).map((pool) => pool.end()));
  await fx?.cleanup();
});

const DAY_MS = 86_400_000;
const WINDOWS: RetentionWindows = { outboxMs: 7 * DAY_MS, inboxMs: 31 * DAY_MS, deadLettersMs: 30 * DAY_MS };
const OLD = 30;

/** `OLD` sent outbox rows past their window and one within it; the oldest row's seq. */
async function seedOutbox(): Promise<string> {
  await fx.pool.query("DELETE FROM outbox");
  for (let i = 0; i < OLD; i++) {
    const event = newEvent("prune.row.v1", "prune", { i });
    await fx.pool.query(
      `INSERT INTO outbox (event_id, event_type, payload, created_at, sent_at)
       VALUES ($1, $2, $3, now() - make_interval(days => 10 + $4), now() - make_interval(days => 10 + $4))`,
      [event.id, event.type, JSON.stringify(event), OLD - i],
    );
  }
  const fresh = newEvent("prune.row.v1", "prune", { fresh: true });
  await fx.pool.query(
    `INSERT INTO outbox (event_id, event_type, payload, sent_at) VALUES ($1, $2, $3, now())`,
    [fresh.id, fresh.type, JSON.stringify(fresh)],
  );
  const { rows } = await fx.pool.query<{ seq: string }>("SELECT seq FROM outbox ORDER BY sent_at LIMIT 1");
  return rows[0]!.seq;
}

/** Holds the row lock of outbox row `seq` until the returned function is called: a DELETE of it waits. */
async function holdRow(seq: string): Promise<() => Promise<void>> {
  const client = await fx.pool.connect();
  await client.query("BEGIN");
  await client.query("SELECT 1 FROM outbox WHERE seq = $1 FOR UPDATE", [seq]);
  return async () => {
    await client.query("COMMIT");
    client.release();
  };
}

/** Resolves to the prune's result, or "still running" when it has not finished within `ms`. */
const within = <T>(promise: Promise<T>, ms: number) =>
  Promise.race([promise, new Promise<"still running">((r) => setTimeout(() => r("still running"), ms))]);

async function waitForPruneLockHolder(): Promise<number> {
  for (let i = 0; i < 100; i++) {
    const { rows } = await fx.pool.query<{ pid: number }>(
      `SELECT l.pid FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
        WHERE l.locktype = 'advisory' AND l.granted AND a.datname = current_database()
          AND a.application_name LIKE 'prune-replica-%'`,
    );
    if (rows[0]) return rows[0].pid;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error("no replica took the prune lock");
}

const remaining = async () =>
  Number((await fx.pool.query<{ n: string }>("SELECT count(*) AS n FROM outbox")).rows[0]!.n);

describe("pruning with two replicas", () => {
  it("lets one replica prune while the other skips its pass; each row is deleted once", async () => {
    const release = await holdRow(await seedOutbox());
    // Replica 1 takes the lock and its first DELETE waits on the held row.
    const first = pruneBusTables(replicas[0]!, WINDOWS, 10);
    await waitForPruneLockHolder();
    // Replica 2 neither waits nor deletes: it finds the lock taken and skips.
    expect(await within(pruneBusTables(replicas[1]!, WINDOWS, 10), 2_000)).toEqual({
      outbox: 0,
      inbox: 0,
      deadLetters: 0,
      statements: 0,
      skipped: true,
    });
    await release();
    expect(await first).toMatchObject({ outbox: OLD, skipped: false });
    expect(await remaining()).toBe(1);
    // The lock was given back: replica 2's next pass runs (and finds nothing left).
    expect(await pruneBusTables(replicas[1]!, WINDOWS, 10)).toMatchObject({ outbox: 0, skipped: false });
  });

  it("hands pruning to the other replica when the pruning one dies mid-pass", async () => {
    const release = await holdRow(await seedOutbox());
    // Its failure is taken at once: it may reject while the test still awaits the termination below, and
    // a rejection nobody holds yet is reported as unhandled.
    const dying = pruneBusTables(replicas[0]!, WINDOWS, 10).then(
      () => undefined,
      (error: unknown) => error,
    );
    const pid = await waitForPruneLockHolder();
    expect((await pruneBusTables(replicas[1]!, WINDOWS, 10)).skipped).toBe(true);
    // The replica's connection dies with it; PostgreSQL drops its session lock.
    await fx.pool.query("SELECT pg_terminate_backend($1)", [pid]);
    expect(await dying).toBeInstanceOf(Error);
    await release();
    expect(await pruneBusTables(replicas[1]!, WINDOWS, 10)).toMatchObject({ outbox: OLD, skipped: false });
    expect(await remaining()).toBe(1);
  });
});

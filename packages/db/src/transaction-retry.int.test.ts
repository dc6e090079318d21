import { freshInfra, type TestInfra } from "@mp/testing";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createPool, type Pool, type PoolClient } from "./pool";
import { isTransactionConflict, TRANSACTION_ATTEMPTS, withTransaction } from "./transaction";

let infra: TestInfra;
let pool: Pool;

beforeAll(async () => {
  infra = await freshInfra("db_retry");
  pool = createPool({ url: infra.databaseUrl, schema: "retry" });
  await pool.query("CREATE SCHEMA IF NOT EXISTS retry");
  await pool.query("CREATE TABLE counters (k int PRIMARY KEY, v int NOT NULL)");
});
afterAll(async () => {
  await pool.end();
  await infra.cleanup();
});
beforeEach(async () => {
  await pool.query("TRUNCATE counters");
  await pool.query("INSERT INTO counters VALUES (1, 0), (2, 0)");
});

/** Resolves once `parties` callers have arrived: makes two transactions meet where a conflict needs them to. */
function barrier(parties: number) {
  let arrived = 0;
  let open!: () => void;
  const all = new Promise<void>((resolve) => {
    open = resolve;
  });
  return () => {
    if (++arrived === parties) open();
    return all;
  };
}

/**
 * Two transactions that conflict on their first run: each reads, both wait for the other's read, then
 * each writes. Later runs (retries) go straight through. Answers each transaction's number of runs.
 */
async function conflicting(
  steps: (tx: PoolClient, which: 0 | 1) => { read: () => Promise<unknown>; write: () => Promise<unknown> },
  options: Parameters<typeof withTransaction>[2],
): Promise<{ runs: number[]; results: PromiseSettledResult<void>[] }> {
  const meet = barrier(2);
  const runs = [0, 0];
  const results = await Promise.allSettled(
    ([0, 1] as const).map((which) =>
      withTransaction(
        pool,
        async (tx) => {
          const first = ++runs[which]! === 1;
          const { read, write } = steps(tx, which);
          await read();
          if (first) await meet();
          await write();
        },
        options,
      ),
    ),
  );
  return { runs, results };
}

const writeSkew = (tx: PoolClient, which: 0 | 1) => ({
  read: () => tx.query("SELECT sum(v) FROM counters"),
  write: () => tx.query("UPDATE counters SET v = v + 1 WHERE k = $1", [which + 1]),
});

const oppositeOrder = (tx: PoolClient, which: 0 | 1) => ({
  read: () => tx.query("UPDATE counters SET v = v + 1 WHERE k = $1", [which + 1]),
  write: () => tx.query("UPDATE counters SET v = v + 1 WHERE k = $1", [2 - which]),
});

const codes = (results: PromiseSettledResult<void>[]) =>
  results.map((r) => (r.status === "rejected" ? (r.reason as { code?: string }).code : "ok"));

describe("withTransaction and concurrent transactions (real PostgreSQL)", () => {
  it("runs a SERIALIZABLE transaction that lost a write skew (40001) again, and both commit", async () => {
    const { runs, results } = await conflicting(writeSkew, { isolation: "serializable" });
    expect(codes(results)).toEqual(["ok", "ok"]);
    // at least one of them ran again (a second conflict, on a retry that met the other's commit, runs a third)
    expect(runs[0]! + runs[1]!).toBeGreaterThan(2);
    const { rows } = await pool.query("SELECT k, v FROM counters ORDER BY k");
    expect(rows).toEqual([
      { k: 1, v: 1 },
      { k: 2, v: 1 },
    ]);
  });

  it("runs the transaction PostgreSQL ended to break a deadlock (40P01) again, and both commit", async () => {
    const { runs, results } = await conflicting(oppositeOrder, {});
    expect(codes(results)).toEqual(["ok", "ok"]);
    // at least one of them ran again (a second conflict, on a retry that met the other's commit, runs a third)
    expect(runs[0]! + runs[1]!).toBeGreaterThan(2);
    const { rows } = await pool.query("SELECT k, v FROM counters ORDER BY k");
    expect(rows).toEqual([
      { k: 1, v: 2 },
      { k: 2, v: 2 },
    ]);
  });

  it("gives up after its attempts, throwing the conflict as it came, and never retries other errors", async () => {
    const once = await conflicting(writeSkew, { isolation: "serializable", attempts: 1 });
    expect(codes(once.results).sort()).toEqual(["40001", "ok"]);
    expect(once.runs).toEqual([1, 1]);
    const rejected = once.results.find((r) => r.status === "rejected") as PromiseRejectedResult;
    expect(isTransactionConflict(rejected.reason)).toBe(true);

    let runs = 0;
    await expect(
      withTransaction(pool, async (tx) => {
        runs++;
        await tx.query("SELECT 1/0");
      }),
    ).rejects.toMatchObject({ code: "22012" });
    expect(runs).toBe(1);
    expect(TRANSACTION_ATTEMPTS).toBeGreaterThan(1);
  });
});

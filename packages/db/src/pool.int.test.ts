import { createServer, type Server } from "node:net";
import { Writable } from "node:stream";
import { createLogger } from "@mp/logger";
import { freshInfra, type TestInfra, waitFor } from "@mp/testing";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPool, type Pool, type PoolOptions, warmPool } from "./pool";
import { NestedTransactionError, withSavepoint, withTransaction } from "./transaction";

let infra: TestInfra;
const pools: Pool[] = [];

beforeAll(async () => {
  infra = await freshInfra("db_pool");
  const setup = pool();
  await setup.query("CREATE SCHEMA IF NOT EXISTS pool_test");
  await setup.query("CREATE TABLE IF NOT EXISTS pool_test.thing (id int PRIMARY KEY, name text)");
  await setup.query("INSERT INTO pool_test.thing VALUES (1, 'one') ON CONFLICT DO NOTHING");
});
afterAll(async () => {
  await Promise.all(pools.map((p) => p.end().catch(() => {})));
  await infra.cleanup();
});

function pool(options: Partial<PoolOptions> = {}): Pool {
  const created = createPool({ url: infra.databaseUrl, schema: "pool_test", ...options });
  pools.push(created);
  return created;
}

async function backendPid(p: Pool): Promise<number> {
  const { rows } = await p.query<{ pid: number }>("SELECT pg_backend_pid() AS pid");
  return rows[0]!.pid;
}

describe("pool timeouts", () => {
  it("are the session defaults of every connection", async () => {
    const p = pool({ statementTimeoutMs: 1234, lockTimeoutMs: 567, idleInTransactionTimeoutMs: 8900 });
    const { rows } = await p.query(
      "SELECT current_setting('statement_timeout') AS s, current_setting('lock_timeout') AS l, current_setting('idle_in_transaction_session_timeout') AS i",
    );
    expect(rows[0]).toEqual({ s: "1234ms", l: "567ms", i: "8900ms" });
  });

  it("cancel a statement that runs too long and a lock wait that lasts too long", async () => {
    const slow = pool({ statementTimeoutMs: 200 });
    await expect(slow.query("SELECT pg_sleep(5)")).rejects.toMatchObject({ code: "57014" });

    const p = pool({ statementTimeoutMs: 10_000, lockTimeoutMs: 200 });

    const holder = await p.connect();
    try {
      await holder.query("BEGIN");
      await holder.query("SELECT * FROM pool_test.thing WHERE id = 1 FOR UPDATE");
      // lock_not_available: the lock timeout ended the wait, not the statement timeout (57014).
      await expect(p.query("UPDATE pool_test.thing SET name = 'x' WHERE id = 1")).rejects.toMatchObject({
        code: "55P03",
      });
    } finally {
      await holder.query("ROLLBACK");
      holder.release();
    }
  });

  it("end a transaction left idle, and that connection is dropped rather than reused", async () => {
    const p = pool({ max: 1, idleInTransactionTimeoutMs: 200 });
    const before = await backendPid(p);
    await expect(
      withTransaction(p, async (client) => {
        await client.query("SELECT 1");
        await new Promise((resolve) => setTimeout(resolve, 1_000));
        await client.query("SELECT 2");
      }),
    ).rejects.toThrow();
    expect(await backendPid(p)).not.toBe(before);
  });
});

describe("warmPool", () => {
  const opened = async (name: string) => {
    const { rows } = await pool().query<{ n: number }>(
      "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND application_name = $1",
      [name],
    );
    return rows[0]!.n;
  };

  it("opens the minimum of connections before any call, and idle ones stay open", async () => {
    const p = pool({ min: 3, max: 5, idleTimeoutMs: 100, applicationName: "warm_min" });
    expect(p.totalCount).toBe(0);
    await warmPool(p);
    expect(p.totalCount).toBe(3);
    expect(p.idleCount).toBe(3);
    expect(await opened("warm_min")).toBe(3);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(p.totalCount).toBe(3);
  });

  it("without a minimum, idle connections close (what the minimum prevents)", async () => {
    const p = pool({ min: 0, max: 5, idleTimeoutMs: 100, applicationName: "warm_none" });
    await warmPool(p);
    expect(p.totalCount).toBe(1);
    await waitFor(() => (p.totalCount === 0 ? true : undefined), { timeoutMs: 30_000 });
  });

  it("rejects when nothing listens where PostgreSQL should be", async () => {
    const url = new URL(infra.databaseUrl);
    url.port = "1";
    const p = createPool({ url: url.toString(), schema: "pool_test", min: 2, connectTimeoutMs: 500 });
    pools.push(p);
    await expect(warmPool(p)).rejects.toMatchObject({ code: "ECONNREFUSED" });
  });

  it("rejects at the connect timeout when the server accepts but never answers", async () => {
    // A socket that is accepted and then left silent, as a PostgreSQL that hangs at start-up would.
    const silent: Server = createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    try {
      const url = new URL(infra.databaseUrl);
      url.hostname = "127.0.0.1";
      url.port = String((silent.address() as { port: number }).port);
      const p = createPool({ url: url.toString(), schema: "pool_test", min: 1, connectTimeoutMs: 500 });
      pools.push(p);
      const started = Date.now();
      // Without the timeout this would wait for the test's own; the error names the connection timeout.
      await expect(warmPool(p)).rejects.toThrow(/timeout/i);
      expect(Date.now() - started).toBeGreaterThanOrEqual(450);
    } finally {
      silent.close();
    }
  });
});

describe("withTransaction", () => {
  it("destroys a connection whose ROLLBACK failed instead of returning it to the pool", async () => {
    const p = pool({ max: 1 });
    // control: a clean rollback keeps the connection
    const first = await backendPid(p);
    await expect(
      withTransaction(p, async () => {
        throw new Error("boom");
      }),
    ).rejects.toThrow("boom");
    expect(await backendPid(p)).toBe(first);

    await expect(
      withTransaction(p, async (client) => {
        const query = client.query.bind(client) as (text: string) => Promise<unknown>;
        (client as { query: unknown }).query = (text: string) =>
          text === "ROLLBACK" ? Promise.reject(new Error("connection lost during ROLLBACK")) : query(text);
        throw new Error("work failed");
      }),
    ).rejects.toThrow("work failed");
    expect(p.totalCount).toBe(0);
    expect(await backendPid(p)).not.toBe(first);
  });

  it("refuses a nested transaction on the same pool and rolls the outer one back", async () => {
    const p = pool({ max: 2 });
    const other = pool({ max: 1 });
    await expect(
      withTransaction(p, async (client) => {
        await client.query("INSERT INTO pool_test.thing VALUES (10, 'outer')");
        // another pool is another database session, which is allowed
        await withTransaction(other, (c) => c.query("SELECT 1"));
        await withTransaction(p, (inner) => inner.query("INSERT INTO pool_test.thing VALUES (11, 'inner')"));
      }),
    ).rejects.toBeInstanceOf(NestedTransactionError);
    const { rows } = await p.query("SELECT id FROM pool_test.thing WHERE id IN (10, 11)");
    expect(rows).toEqual([]);
    // and a transaction after it, in the same async context, is not mistaken for a nested one
    await withTransaction(p, (client) => client.query("SELECT 1"));
  });

  it("undoes only a savepoint's work when it fails", async () => {
    const p = pool();
    await withTransaction(p, async (client) => {
      await client.query("INSERT INTO pool_test.thing VALUES (20, 'kept')");
      await expect(
        withSavepoint(client, async () => {
          await client.query("INSERT INTO pool_test.thing VALUES (21, 'undone')");
          throw new Error("part failed");
        }),
      ).rejects.toThrow("part failed");
      await withSavepoint(client, () => client.query("INSERT INTO pool_test.thing VALUES (22, 'kept too')"));
    });
    const { rows } = await p.query("SELECT id FROM pool_test.thing WHERE id >= 20 ORDER BY id");
    expect(rows.map((r) => r.id)).toEqual([20, 22]);
  });
});

describe("pool errors", () => {
  it("are logged, not swallowed, when an idle connection dies", async () => {
    const lines: string[] = [];
    const destination = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const logger = createLogger({ service: "pool-test", level: "warn", destination });
    const p = pool({ logger, applicationName: "pool_errors_test" });
    const pid = await backendPid(p);
    await pool().query("SELECT pg_terminate_backend($1)", [pid]);
    const line = await waitFor(() => lines.find((l) => l.includes("idle PostgreSQL connection failed")), {
      what: "the pool error to be logged",
    });
    expect(JSON.parse(line)).toMatchObject({
      level: "warn",
      pool: "pool_errors_test",
      err: expect.any(Object),
    });
  });
});

describe("pool type parsers", () => {
  it("read timestamptz and int8 as pg's own parsers do, in any session time zone", async () => {
    const p = pool({ max: 1 });
    const sql = `SELECT t, t::text AS text, 9007199254740993::int8 AS big
      FROM unnest($1::timestamptz[]) AS t`;
    const instants = [
      "2026-11-27 02:00:24.787123+00",
      "2026-11-27 02:00:24.5+00",
      "1969-12-31 23:59:59.999999+00",
      "1883-11-18 12:03:58+00",
      "0050-06-01 00:00:00+00",
      "0001-01-01 00:00:00+00 BC",
      "infinity",
    ];
    const client = await p.connect();
    try {
      for (const zone of ["UTC", "Asia/Kolkata", "America/St_Johns", "America/New_York"]) {
        await client.query(`SET TIME ZONE '${zone}'`);
        const { rows } = await client.query<{ t: unknown; text: string; big: unknown }>(sql, [instants]);
        const pgParse = pg.types.getTypeParser(1184, "text") as (text: string) => unknown;
        for (const row of rows) {
          const expected = pgParse(row.text);
          if (expected instanceof Date) expect((row.t as Date).getTime()).toBe(expected.getTime());
          else expect(row.t).toEqual(expected);
          expect(row.big).toBe("9007199254740993");
        }
      }
    } finally {
      client.release();
    }
  });
});

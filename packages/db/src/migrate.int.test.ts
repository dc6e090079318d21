import { freshInfra, type TestInfra } from "@mp/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrate, pendingMigrations } from "./migrate";
import { createPool, type Pool } from "./pool";
import { withTransaction } from "./transaction";

let infra: TestInfra;
let pool: Pool;

beforeAll(async () => {
  infra = await freshInfra("db");
  pool = createPool({ url: infra.databaseUrl, schema: "demo" });
});
afterAll(async () => {
  await pool.end();
  await infra.cleanup();
});

const migrations = [
  { id: "service/0001_init", sql: "CREATE TABLE thing (id int PRIMARY KEY, name text NOT NULL);" },
  { id: "service/0002_more", sql: "ALTER TABLE thing ADD COLUMN note text;" },
];

describe("migrate", () => {
  it("applies each migration once, even when replicas start together", async () => {
    const results = await Promise.all([migrate(pool, "demo", migrations), migrate(pool, "demo", migrations)]);
    expect(results.flat().sort()).toEqual(["service/0001_init", "service/0002_more"]);
    const { rows } = await pool.query("SELECT count(*)::int AS n FROM demo.schema_migrations");
    expect(rows[0].n).toBe(2);
    await pool.query("INSERT INTO thing (id, name, note) VALUES (1, 'a', 'b')");
  });

  it("refuses a migration whose text changed after it was applied", async () => {
    await expect(
      migrate(pool, "demo", [{ id: "service/0001_init", sql: "CREATE TABLE other (id int);" }]),
    ).rejects.toThrow(/changed after it was applied/);
  });

  it("rolls a failing migration back entirely", async () => {
    await expect(
      migrate(pool, "demo", [
        ...migrations,
        { id: "service/0003_bad", sql: "CREATE TABLE half (id int); SELECT * FROM missing_table;" },
      ]),
    ).rejects.toThrow();
    const { rows } = await pool.query("SELECT to_regclass('demo.half') AS t");
    expect(rows[0].t).toBeNull();
  });
});

describe("the connections migrations use", () => {
  // A connection that resolved its search path while another session created the schema can keep a
  // path without it for good (a PostgreSQL race, seen in CI as "relation thing does not exist"), so
  // neither the migration's connection nor the waiting replica's ever serves the pool again.
  it("are closed, not returned to the pool", async () => {
    const single = createPool({ url: infra.databaseUrl, schema: "other", max: 1 });
    try {
      const pid = async () => (await single.query("SELECT pg_backend_pid() AS pid")).rows[0].pid as number;
      const first = await pid();
      expect(await pendingMigrations(single, "other", migrations)).toEqual(migrations.map((m) => m.id));
      const second = await pid();
      expect(second).not.toBe(first);
      await migrate(single, "other", migrations);
      expect(await pid()).not.toBe(second);
      await single.query("INSERT INTO thing (id, name) VALUES (1, 'a')");
    } finally {
      await single.end();
    }
  });
});

describe("withTransaction", () => {
  it("commits on success and rolls back on error", async () => {
    await withTransaction(pool, (c) => c.query("INSERT INTO thing (id, name) VALUES (2, 'kept')"));
    await expect(
      withTransaction(pool, async (c) => {
        await c.query("INSERT INTO thing (id, name) VALUES (3, 'lost')");
        throw new Error("boom");
      }),
    ).rejects.toThrow("boom");
    const { rows } = await pool.query("SELECT id FROM thing ORDER BY id");
    expect(rows.map((r) => r.id)).toEqual([1, 2]);
  });
});

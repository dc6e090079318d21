import { fileURLToPath } from "node:url";
import { createPool, migrate, type Pool } from "@mp/db";
import { serviceMigrations } from "@mp/runtime";
import { freshInfra, type TestInfra } from "@mp/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/**
 * The adapter's migrations on real PostgreSQL: a schema deployed before 0006 (with rate-limiter-flexible's
 * `platform_rate_limit` of 0004 holding its row) upgrades to one without that table, and the budget's
 * `platform_request_slots` (0005) is untouched by it.
 */
const SCHEMA = "iot_adapter";
const migrationsDir = fileURLToPath(new URL("../migrations", import.meta.url));
let infra: TestInfra;
let pool: Pool;

/** Whether the schema has a table `name`. */
const exists = async (name: string): Promise<boolean> =>
  (
    await pool.query<{ present: boolean }>("SELECT to_regclass($1) IS NOT NULL AS present", [
      `${SCHEMA}.${name}`,
    ])
  ).rows[0]!.present;

beforeAll(async () => {
  infra = await freshInfra("iot_migrations");
  pool = createPool({ url: infra.databaseUrl, schema: SCHEMA, max: 1 });
});
afterAll(async () => {
  await pool?.end();
  await infra?.cleanup();
});

describe("iot-adapter migrations", () => {
  it("drops the old platform_rate_limit on upgrade and keeps the sliding window's slots", async () => {
    const all = await serviceMigrations({ migrationsDir });
    const upTo0005 = all.filter((m) => m.id < "service/0006");
    expect(upTo0005.map((m) => m.id)).toContain("service/0005_platform_request_slots");
    expect(upTo0005.length).toBeLessThan(all.length);

    await migrate(pool, SCHEMA, upTo0005);
    await pool.query(
      `INSERT INTO ${SCHEMA}.platform_rate_limit (key, points, expire) VALUES ('infuse-iot:platform', 3, 0)`,
    );
    await pool.query(`INSERT INTO ${SCHEMA}.platform_request_slots (slot) VALUES (1), (2)`);
    expect(await exists("platform_rate_limit")).toBe(true);

    expect(await migrate(pool, SCHEMA, all)).toEqual(["service/0006_drop_platform_rate_limit"]);
    expect(await exists("platform_rate_limit")).toBe(false);
    const { rows } = await pool.query<{ slot: number }>(
      `SELECT slot FROM ${SCHEMA}.platform_request_slots ORDER BY slot`,
    );
    expect(rows.map((r) => r.slot)).toEqual([1, 2]);
    // applied once: a second run has nothing to do
    expect(await migrate(pool, SCHEMA, all)).toEqual([]);
  });
});

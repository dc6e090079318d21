import { createHash } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import type { Pool } from "./pool";
import { assertSchemaName } from "./pool";

export interface Migration {
  /** Unique and ordered within its source, e.g. `bus/0001_outbox` or `service/0001_init`. */
  id: string;
  sql: string;
}

/** Read `NNNN_name.sql` files of a folder, in name order, as migrations prefixed with `prefix/`. */
export async function migrationsFromDir(dir: string, prefix = "service"): Promise<Migration[]> {
  const files = (await readdir(dir)).filter((f) => f.endsWith(".sql")).sort();
  return Promise.all(
    files.map(async (f) => ({
      id: `${prefix}/${f.replace(/\.sql$/, "")}`,
      sql: await readFile(join(dir, f), "utf8"),
    })),
  );
}

/**
 * Apply pending migrations to the schema under a session advisory lock, so replicas starting together
 * apply each migration exactly once. Each migration runs in its own transaction with its checksum
 * recorded; an applied migration whose file changed is refused rather than silently diverging.
 */
export async function migrate(pool: Pool, schema: string, migrations: Migration[]): Promise<string[]> {
  assertSchemaName(schema);
  const lockKey = `migrate:${schema}`;
  const client = await pool.connect();
  try {
    // A migration may legitimately take longer than a request's statement, and waiting for another
    // replica's migration is not a lock to give up on: the pool's timeouts are off for this session
    // (which ends with the migration, see below).
    await client.query("SET statement_timeout = 0; SET lock_timeout = 0");
    await client.query("SELECT pg_advisory_lock(hashtext($1))", [lockKey]);
    await client.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
    await client.query(
      `CREATE TABLE IF NOT EXISTS ${schema}.schema_migrations (
         id text PRIMARY KEY, checksum text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())`,
    );
    const { rows } = await client.query<{ id: string; checksum: string }>(
      `SELECT id, checksum FROM ${schema}.schema_migrations`,
    );
    const applied = new Map(rows.map((r) => [r.id, r.checksum]));
    const done: string[] = [];
    for (const migration of migrations) {
      const checksum = createHash("sha256").update(migration.sql).digest("hex");
      const previous = applied.get(migration.id);
      if (previous !== undefined) {
        if (previous !== checksum)
          throw new Error(`Migration ${schema}:${migration.id} changed after it was applied`);
        continue;
      }
      await withTransactionOnClient(client, async () => {
        await client.query(`SET LOCAL search_path TO ${schema}, public`);
        await client.query(migration.sql);
        await client.query(`INSERT INTO ${schema}.schema_migrations (id, checksum) VALUES ($1, $2)`, [
          migration.id,
          checksum,
        ]);
      });
      done.push(migration.id);
    }
    return done;
  } finally {
    // The connection is closed, not returned to the pool. It may have resolved its search path while
    // another session was creating the schema, and PostgreSQL can then keep a path without the schema
    // for the rest of the session (the invalidation lands during the lookup, which then marks the stale
    // path valid): every later unqualified query on it would fail with "relation does not exist".
    await client.query("SELECT pg_advisory_unlock(hashtext($1))", [lockKey]).catch(() => {});
    client.release(true);
  }
}

async function withTransactionOnClient(
  client: { query: (sql: string) => Promise<unknown> },
  work: () => Promise<void>,
) {
  await client.query("BEGIN");
  try {
    await work();
    await client.query("COMMIT");
  } catch (error) {
    // A failed ROLLBACK means a broken connection: the unlock after it fails too and discards it.
    await client.query("ROLLBACK").catch(() => {});
    throw error;
  }
}

/**
 * Ids of `migrations` not yet applied to the schema (all of them when it has no migrations table yet):
 * a service that leaves migrating to a separate step waits until this is empty.
 */
export async function pendingMigrations(
  pool: Pool,
  schema: string,
  migrations: Migration[],
): Promise<string[]> {
  assertSchemaName(schema);
  // Asked on a connection of its own that is then closed: the migrate step may be creating the schema
  // at this moment, and a connection that resolved its search path then must not serve the service.
  const client = await pool.connect();
  try {
    const { rows } = await client.query<{ table: string | null }>("SELECT to_regclass($1) AS table", [
      `${schema}.schema_migrations`,
    ]);
    if (!rows[0]?.table) return migrations.map((m) => m.id);
    const applied = await client.query<{ id: string }>(`SELECT id FROM ${schema}.schema_migrations`);
    const done = new Set(applied.rows.map((r) => r.id));
    return migrations.map((m) => m.id).filter((id) => !done.has(id));
  } finally {
    client.release(true);
  }
}

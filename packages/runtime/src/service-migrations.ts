import { fileURLToPath } from "node:url";
import { busMigrations } from "@mp/bus";
import { type Migration, migrate, migrationsFromDir, type Pool } from "@mp/db";

/** Every migration of a service: the bus tables (outbox, inbox, dead letters), then its own folder. */
export async function serviceMigrations(spec: { migrationsDir: string }): Promise<Migration[]> {
  return [...busMigrations(), ...(await migrationsFromDir(spec.migrationsDir))];
}

/**
 * Apply every migration of a service (bus tables, then its folder) to `schema`; returns the ids applied.
 * The folder is a path or a `file:` URL, so callers can pass `new URL("../migrations", import.meta.url)`.
 */
export async function migrateService(
  pool: Pool,
  schema: string,
  migrations: string | URL,
): Promise<string[]> {
  const migrationsDir = typeof migrations === "string" ? migrations : fileURLToPath(migrations);
  return migrate(pool, schema, await serviceMigrations({ migrationsDir }));
}

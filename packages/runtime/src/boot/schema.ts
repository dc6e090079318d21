import { type Migration, migrate, type Pool, pendingMigrations } from "@mp/db";
import type { Logger } from "@mp/logger";
import type { Readiness } from "../ops/readiness";
import { retryUntil } from "./waiting";

/**
 * Bring the schema to what this build expects. With `migrateOnBoot` the service applies its migrations
 * itself (under an advisory lock, so replicas take turns). Without it a separate step applies them (the
 * `migrate` command, a Kubernetes Job) and the service waits, live but not ready, until none is pending,
 * so a slow migration is never cut short by a startup probe.
 */
export async function prepareSchema(options: {
  pool: Pool;
  schema: string;
  migrations: Migration[];
  migrateOnBoot: boolean;
  readiness: Readiness;
  logger: Logger;
  signal?: AbortSignal;
}): Promise<void> {
  const { pool, schema, migrations, logger, readiness } = options;
  if (options.migrateOnBoot) {
    readiness.pending("migrations", "applying migrations");
    const applied = await migrate(pool, schema, migrations);
    if (applied.length > 0) logger.info({ applied }, "migrations applied");
  } else {
    readiness.pending("migrations", "waiting for the migrate step");
    await retryUntil(
      async () => {
        const pending = await pendingMigrations(pool, schema, migrations);
        if (pending.length > 0) throw new Error(`${pending.length} pending: ${pending.join(", ")}`);
        return true;
      },
      {
        signal: options.signal,
        onWait: (reason, attempt) => {
          const message = reason instanceof Error ? reason.message : String(reason);
          readiness.pending("migrations", message);
          if (attempt === 1 || attempt % 12 === 0)
            logger.warn(
              { reason: message },
              "waiting for migrations (run the migrate step; MIGRATE_ON_BOOT=false)",
            );
        },
      },
    );
    logger.info("schema is current");
  }
  readiness.set("migrations", async () => true);
}

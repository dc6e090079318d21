import { type Pool, warmPool } from "@mp/db";
import type { Logger } from "@mp/logger";
import { databaseCheck } from "../ops/checks";
import type { Readiness } from "../ops/readiness";
import { retryUntil } from "./waiting";

/**
 * Open the pool's minimum of connections, each answering a query, before the process takes calls: a
 * replica that serves before it has connections makes its first callers wait for new ones, which on a
 * loaded machine (or while its peer restarts and it takes every call) outlast their deadlines. Retried,
 * live but not ready (the `database` check says why), until PostgreSQL answers.
 */
export async function warmDatabase(options: {
  pool: Pool;
  readiness: Readiness;
  logger: Logger;
  signal?: AbortSignal;
}): Promise<void> {
  const { pool, readiness, logger } = options;
  readiness.pending("database", "opening the pool's connections");
  const started = performance.now();
  await retryUntil(
    async () => {
      await warmPool(pool);
      return true;
    },
    {
      signal: options.signal,
      onWait: (reason, attempt) => {
        const message = reason instanceof Error ? reason.message : String(reason);
        readiness.pending("database", message);
        if (attempt === 1 || attempt % 12 === 0)
          logger.warn({ reason: message }, "waiting for PostgreSQL connections");
      },
    },
  );
  readiness.set("database", databaseCheck(pool));
  logger.info(
    { connections: pool.totalCount, ms: Math.round(performance.now() - started) },
    "database connections open",
  );
}

import { createPool, type Pool } from "@mp/db";
import { createLogger, type Logger } from "@mp/logger";
import { migrateService } from "@mp/runtime";
import { withScratchDatabase } from "@mp/testing/write-cost";

const ADMIN_URL = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

/**
 * Runs `body` against a scratch database holding one service's migrated schema, dropped afterwards, so a
 * probe measures its own work and never a database another run left behind. Logs at "error" by default:
 * dropping the database ends the pool's idle connections, which the pool would warn of.
 */
export function withServiceDatabase<T>(
  service: "settlements" | "purchases",
  options: { prefix: string; max: number; logLevel?: string },
  body: (pool: Pool, logger: Logger) => Promise<T>,
): Promise<T> {
  const logger = createLogger({ service: options.prefix, level: options.logLevel ?? "error" });
  const open = (url: string) => createPool({ url, schema: service, max: options.max, logger });
  return withScratchDatabase({ adminUrl: ADMIN_URL, prefix: options.prefix, open }, async (pool) => {
    await migrateService(pool, service, new URL(`../../../services/${service}/migrations`, import.meta.url));
    return body(pool, logger);
  });
}

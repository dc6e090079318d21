import { ConfigError, loadConfig, type ServiceName, serviceEnv, z } from "@mp/config";
import { createPool, dbEnv, poolSettings } from "@mp/db";
import { createLogger } from "@mp/logger";
import { type ServiceSpec, schemaOf } from "./service";
import { migrateService } from "./service-migrations";

/**
 * `node --import tsx services/<name>/src/main.ts migrate`: apply the service's pending migrations (bus
 * tables included) and report. Reads only what it needs (DATABASE_URL, LOG_LEVEL, DB_*), so the Job does
 * not need the service's other secrets. Returns the exit code.
 */
export async function runMigrations(
  spec: Pick<ServiceSpec, "name" | "migrationsDir">,
  env: Record<string, string | undefined>,
): Promise<number> {
  const name: ServiceName = spec.name;
  let config: z.output<typeof migrateConfig>;
  try {
    config = loadConfig(migrateConfig, env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(`[${name}] ${error.message}`);
    return 1;
  }
  const logger = createLogger({ service: name, level: config.LOG_LEVEL }).child({ step: "migrate" });
  const pool = createPool({
    url: config.DATABASE_URL,
    schema: schemaOf(name),
    applicationName: `${name}-migrate`,
    logger,
    ...poolSettings(config),
    max: 1,
  });
  try {
    const applied = await migrateService(pool, schemaOf(name), spec.migrationsDir);
    logger.info({ applied }, applied.length > 0 ? "migrations applied" : "schema already current");
    return 0;
  } catch (error) {
    logger.error({ err: error }, "migrations failed");
    return 1;
  } finally {
    await pool.end();
  }
}

const migrateConfig = z.object({
  LOG_LEVEL: serviceEnv.LOG_LEVEL,
  DATABASE_URL: serviceEnv.DATABASE_URL,
  ...dbEnv,
});

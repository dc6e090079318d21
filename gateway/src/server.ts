import { setTimeout as sleep } from "node:timers/promises";
import { fileURLToPath } from "node:url";
import { createPool, migrate, migrationsFromDir, poolSettings, warmPool } from "@mp/db";
import { createLogger, type Logger } from "@mp/logger";
import { flagCheck, type OpsServer, opsPortOf, startOpsServer } from "@mp/runtime/ops";
import { startTelemetry } from "@mp/telemetry";
import { buildApp } from "./app";
import { createGatewayClients } from "./clients";
import type { GatewayConfig } from "./config";
import { pgApiKeyRepository } from "./infra/api-key.repository";
import { gatewayReadiness } from "./routes/ops/readiness";
import type { ZodApp } from "./zod-app";

export const GATEWAY_SCHEMA = "gateway";
export const MIGRATIONS_DIR = fileURLToPath(new URL("../migrations", import.meta.url));

export interface RunningGateway {
  /** Base URL the gateway listens on, e.g. `http://127.0.0.1:8080`. */
  url: string;
  /** Base URL of its ops port (`/healthz`, `/readyz`, `/metrics`), e.g. `http://127.0.0.1:9090`. */
  opsUrl: string;
  app: ZodApp;
  /** Stop taking requests, then close upstream channels and the database pool. Safe to call twice. */
  close(): Promise<void>;
}

/**
 * Start a listening gateway with real dependencies: the ops port first (live at once, ready once its
 * database answers and the public port listens; upstream health is reported, not required), its schema
 * migrated (while the app is assembled; the public port opens after both), gRPC channels to every
 * upstream. Starts the process-wide telemetry SDK when nothing has yet (it is left running; `main.ts` owns
 * its shutdown), so spans are real and `traceparent` travels upstream. Used by `main.ts` and end-to-end
 * tests.
 */
export async function startGateway(
  config: GatewayConfig,
  options: { logger?: Logger } = {},
): Promise<RunningGateway> {
  startTelemetry({ serviceName: "gateway", otlpEndpoint: config.OTEL_EXPORTER_OTLP_ENDPOINT });
  const logger = options.logger ?? createLogger({ service: "gateway", level: config.LOG_LEVEL });
  const pool = createPool({
    url: config.DATABASE_URL,
    schema: GATEWAY_SCHEMA,
    applicationName: "gateway",
    logger,
    ...poolSettings(config),
  });
  // The schema migrated and the pool's minimum of connections (DB_POOL_MIN) opened while the rest starts:
  // the database's round trips overlap building the clients and the app (CPU work), and the public port
  // still opens only after both, so an API-key request finds its table and a connection. Settled before
  // anything is released on failure, so the pool is never ended under the migration.
  const database = (async () => {
    await migrate(pool, GATEWAY_SCHEMA, await migrationsFromDir(MIGRATIONS_DIR, "gateway"));
    await warmPool(pool);
  })();
  const databaseSettled = database.then(
    () => {},
    () => {},
  );
  let clients: ReturnType<typeof createGatewayClients>;
  try {
    clients = createGatewayClients(config);
  } catch (error) {
    await databaseSettled;
    await pool.end();
    throw error;
  }
  const readiness = gatewayReadiness({ pool, health: clients.health });
  const listening = flagCheck("public port not listening yet");
  readiness.set("http", listening.check);
  let ops: OpsServer | undefined;
  let app: ZodApp | undefined;
  let draining = false;
  const release = async () => {
    readiness.stopping();
    // Still listening and serving, but every answer closes its connection: keep-alive clients move to
    // another gateway after an answer, instead of a request meeting the connection as it is reset.
    draining = true;
    if (app && config.GATEWAY_DRAIN_MS > 0) await sleep(config.GATEWAY_DRAIN_MS);
    await app?.close();
    clients.close();
    await ops?.close();
    await pool.end();
  };
  try {
    ops = await startOpsServer({
      host: config.OPS_HOST,
      port: opsPortOf("gateway", config.OPS_PORT, config.GATEWAY_PORT),
      readiness,
      logger,
    });
    app = await buildApp({ config, logger, clients, apiKeys: pgApiKeyRepository(pool) });
    await database;
    app.addHook("onSend", async (_request, reply) => {
      if (draining) reply.header("connection", "close");
    });
    // reusePort is Node's listen option, which fastify passes on; its types do not list it yet.
    const listen = {
      host: config.GATEWAY_HOST,
      port: config.GATEWAY_PORT,
      reusePort: config.GATEWAY_REUSE_PORT,
    };
    await app.listen(listen as { host: string; port: number });
    listening.set(true);
  } catch (error) {
    await databaseSettled;
    await release();
    throw error;
  }
  const address = app.server.address();
  const port = typeof address === "object" && address ? address.port : config.GATEWAY_PORT;
  const host = config.GATEWAY_HOST.includes(":") ? `[${config.GATEWAY_HOST}]` : config.GATEWAY_HOST;
  const running = app;
  let closing: Promise<void> | undefined;
  return {
    url: `http://${host}:${port}`,
    opsUrl: ops.url,
    app: running,
    close() {
      closing ??= release();
      return closing;
    },
  };
}

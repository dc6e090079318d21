import { ConfigError } from "@mp/config";
import { createLogger } from "@mp/logger";
import { startTelemetry } from "@mp/telemetry";
import type { z } from "zod";
import { StartupInterrupted } from "./boot/waiting";
import { runMigrations } from "./migrate-command";
import { type RunningService, type ServiceSpec, startService } from "./service";

/**
 * Process entry point shared by every service's `main.ts`.
 *
 * `main.ts` alone: telemetry first (so boot is traced), then the service; SIGTERM/SIGINT drain it
 * (readiness 503, in-flight calls finish, consumers stop, the outbox relay stops, connections close) and
 * exit 0, also while it is still waiting for its dependencies. A bad configuration exits 1 with every bad
 * key listed.
 *
 * `main.ts migrate`: apply the service's migrations and exit (0 done, 1 failed), for a deploy step that
 * runs before the new version starts (the Kubernetes Jobs, with MIGRATE_ON_BOOT=false on the pods).
 */
export async function runServiceMain<S extends z.ZodObject>(spec: ServiceSpec<S>): Promise<void> {
  if (process.argv[2] === "migrate") {
    process.exit(await runMigrations(spec, process.env));
  }
  const logger = createLogger({ service: spec.name });
  const telemetry = startTelemetry({
    serviceName: spec.name,
    otlpEndpoint: process.env.OTEL_EXPORTER_OTLP_ENDPOINT,
  });
  const interrupted = new AbortController();
  let service: RunningService | undefined;
  const shutdown = async (signal: string) => {
    logger.info({ signal }, "shutting down");
    interrupted.abort();
    if (!service) return; // start-up notices the abort, cleans up and exits below
    await service.stop();
    await telemetry.shutdown();
    process.exit(0);
  };
  process.once("SIGTERM", () => void shutdown("SIGTERM"));
  process.once("SIGINT", () => void shutdown("SIGINT"));
  try {
    service = await startService(spec, process.env, { logger, signal: interrupted.signal });
    if (interrupted.signal.aborted) {
      // the signal came during a step that could not be cut short
      await service.stop();
      await telemetry.shutdown();
      process.exit(0);
    }
  } catch (error) {
    if (error instanceof StartupInterrupted) {
      await telemetry.shutdown();
      process.exit(0);
    }
    if (error instanceof ConfigError) {
      console.error(`[${spec.name}] ${error.message}`);
    } else {
      logger.fatal({ err: error }, "failed to start");
    }
    await telemetry.shutdown();
    process.exit(1);
  }
}

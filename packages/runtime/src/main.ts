import { ConfigError } from "@mp/config";
import { createLogger } from "@mp/logger";
import { startTelemetry } from "@mp/telemetry";
import type { z } from "zod";
import { type ServiceSpec, startService } from "./service";

/**
 * Process entry point shared by every service's `main.ts`: telemetry first (so boot is traced), then the
 * service; SIGTERM/SIGINT drain it (health goes NOT_SERVING, in-flight calls finish, consumers stop, the
 * outbox relay stops, connections close) and exit 0. A bad configuration exits 1 with every bad key listed.
 */
export async function runServiceMain<S extends z.ZodObject>(spec: ServiceSpec<S>): Promise<void> {
  const logger = createLogger({ service: spec.name });
  const telemetry = startTelemetry({
    serviceName: spec.name,
    otlpEndpoint: process.env.OTEL_EXPORTER_OTLP_ENDPOINT,
  });
  try {
    const service = await startService(spec, process.env, { logger });
    const shutdown = async (signal: string) => {
      logger.info({ signal }, "shutting down");
      await service.stop();
      await telemetry.shutdown();
      process.exit(0);
    };
    process.once("SIGTERM", () => void shutdown("SIGTERM"));
    process.once("SIGINT", () => void shutdown("SIGINT"));
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`[${spec.name}] ${error.message}`);
    } else {
      logger.fatal({ err: error }, "failed to start");
    }
    await telemetry.shutdown();
    process.exit(1);
  }
}

import { ConfigError } from "@mp/config";
import { createLogger } from "@mp/logger";
import { startTelemetry } from "@mp/telemetry";
import { loadGatewayConfig, productionWarnings } from "./config";
import { startGateway } from "./server";

/** Process entry point: configuration, telemetry, the gateway, and a clean exit on SIGTERM/SIGINT. */
async function main(): Promise<void> {
  let config: ReturnType<typeof loadGatewayConfig>;
  try {
    config = loadGatewayConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`gateway: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
  const telemetry = startTelemetry({
    serviceName: "gateway",
    otlpEndpoint: config.OTEL_EXPORTER_OTLP_ENDPOINT,
  });
  const logger = createLogger({ service: "gateway", level: config.LOG_LEVEL });
  for (const warning of productionWarnings(config)) logger.warn(warning);
  const gateway = await startGateway(config, { logger });
  logger.info({ url: gateway.url }, "gateway listening");

  let stopping = false;
  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, "gateway stopping");
    try {
      await gateway.close();
      await telemetry.shutdown();
      process.exit(0);
    } catch (error) {
      logger.error({ err: error }, "gateway did not stop cleanly");
      process.exit(1);
    }
  };
  process.once("SIGTERM", stop);
  process.once("SIGINT", stop);
}

main().catch((error: unknown) => {
  console.error("gateway: failed to start", error);
  process.exit(1);
});

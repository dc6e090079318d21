import { startSimulator } from "./server";

/**
 * The simulator as a process (launcher, docker-compose): SIMULATOR_HOST (default 127.0.0.1),
 * SIMULATOR_PORT (default 8090), SIMULATOR_API_KEY (optional: only that key is accepted),
 * SIMULATOR_TICK_MS (default 3000). SIGTERM or SIGINT stops it and exits 0.
 */
async function main(): Promise<void> {
  const env = process.env;
  const port = env.SIMULATOR_PORT ? Number(env.SIMULATOR_PORT) : 8090;
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`SIMULATOR_PORT must be a port, got "${env.SIMULATOR_PORT}"`);
  }
  const tickMs = env.SIMULATOR_TICK_MS ? Number(env.SIMULATOR_TICK_MS) : undefined;
  if (tickMs !== undefined && !(Number.isInteger(tickMs) && tickMs >= 0)) {
    throw new Error(`SIMULATOR_TICK_MS must be a non-negative integer, got "${env.SIMULATOR_TICK_MS}"`);
  }
  const simulator = await startSimulator({
    port,
    host: env.SIMULATOR_HOST || "127.0.0.1",
    apiKey: env.SIMULATOR_API_KEY || undefined,
    tickMs,
    controlEnabled: env.SIMULATOR_CONTROL !== "false",
  });
  process.stdout.write(`Infuse-IoT simulator listening on ${simulator.url}\n`);
  const shutdown = () => {
    simulator.stop().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once("SIGTERM", shutdown);
  process.once("SIGINT", shutdown);
}

main().catch((error: unknown) => {
  process.stderr.write(`Infuse-IoT simulator failed to start: ${String(error)}\n`);
  process.exit(1);
});

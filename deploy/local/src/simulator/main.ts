import { startSimulator } from "./server";

/**
 * The simulator as a process (launcher, docker-compose): SIMULATOR_HOST (default 127.0.0.1),
 * SIMULATOR_PORT (default 8090), SIMULATOR_API_KEY (optional: only that key is accepted),
 * SIMULATOR_TICK_MS (default 3000), SIMULATOR_DEVICES (fleet devices besides the demo ones, default 0),
 * SIMULATOR_DEVICE_BOARDS (comma-separated board ids or names the fleet is dealt over, default all),
 * SIMULATOR_INSTALL_FAILURE_RATE (0..1, default 0), SIMULATOR_SEED (the failure draw's seed),
 * SIMULATOR_MAX_RPS (429 with Retry-After above it, default 0 = no limit). SIGTERM or SIGINT stops it
 * and exits 0.
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
  const devices = numberEnv(env, "SIMULATOR_DEVICES", (n) => Number.isInteger(n) && n >= 0 && n <= 1_000_000);
  const installFailureRate = numberEnv(env, "SIMULATOR_INSTALL_FAILURE_RATE", (n) => n >= 0 && n <= 1);
  const maxRps = numberEnv(env, "SIMULATOR_MAX_RPS", (n) => n >= 0 && n <= 100_000);
  const deviceBoards = env.SIMULATOR_DEVICE_BOARDS?.split(",")
    .map((b) => b.trim())
    .filter(Boolean);
  const started = performance.now();
  const simulator = await startSimulator({
    port,
    host: env.SIMULATOR_HOST || "127.0.0.1",
    apiKey: env.SIMULATOR_API_KEY || undefined,
    tickMs,
    controlEnabled: env.SIMULATOR_CONTROL !== "false",
    devices,
    deviceBoards: deviceBoards?.length ? deviceBoards : undefined,
    installFailureRate,
    randomSeed: env.SIMULATOR_SEED || undefined,
    maxRps,
  });
  const ms = Math.round(performance.now() - started);
  process.stdout.write(
    `Infuse-IoT simulator listening on ${simulator.url} (${simulator.seed.devices.length} devices, ready in ${ms} ms)\n`,
  );
  const shutdown = () => {
    simulator.stop().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once("SIGTERM", shutdown);
  process.once("SIGINT", shutdown);
}

/** A numeric variable, undefined when unset; a value `valid` refuses stops the start with its name. */
function numberEnv(env: NodeJS.ProcessEnv, name: string, valid: (n: number) => boolean): number | undefined {
  const raw = env[name];
  if (raw === undefined || raw === "") return undefined;
  const value = Number(raw);
  if (!Number.isFinite(value) || !valid(value)) throw new Error(`${name} is out of range: "${raw}"`);
  return value;
}

main().catch((error: unknown) => {
  process.stderr.write(`Infuse-IoT simulator failed to start: ${String(error)}\n`);
  process.exit(1);
});

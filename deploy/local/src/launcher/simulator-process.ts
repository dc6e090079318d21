import { REPO_ROOT } from "../paths";
import { freePort, isListening } from "../testing-infra";
import { waitForChildHealth } from "./child-health";
import { type ManagedChild, spawnManaged } from "./child-process";
import { DEV_SECRETS, dialHost } from "./stack-env";
import { type Env, loaderArgs, runnable } from "./targets";

/** The Infuse-IoT simulator's default port (SIMULATOR_PORT overrides it; ephemeral stacks take a free one). */
export const DEFAULT_SIMULATOR_PORT = 8090;
const SIMULATOR_READY_MS = 30_000;

/** Where the simulator will listen and the one key it accepts (also handed to iot-adapter). */
export interface SimulatorPlan {
  host: string;
  port: number;
  url: string;
  apiKey: string;
}

/**
 * The simulator runs unless the environment already points iot-adapter at a platform (INFUSE_API_URL):
 * then the stack talks to that one and starts nothing. A fixed port already taken fails the start with
 * its name, as the services' ports do.
 */
export async function planSimulator(env: Env, ephemeral: boolean): Promise<SimulatorPlan | undefined> {
  if (env.INFUSE_API_URL) return undefined;
  const host = env.SIMULATOR_HOST || "127.0.0.1";
  const apiKey = env.INFUSE_API_KEY || DEV_SECRETS.INFUSE_API_KEY;
  let port: number;
  if (ephemeral) {
    port = await freePort();
  } else {
    port = env.SIMULATOR_PORT ? Number(env.SIMULATOR_PORT) : DEFAULT_SIMULATOR_PORT;
    if (!Number.isInteger(port) || port < 1 || port > 65535) {
      throw new Error(`SIMULATOR_PORT must be a port, got "${env.SIMULATOR_PORT}"`);
    }
    if (await isListening(dialHost(host), port)) {
      throw new Error(
        `port ${port} for the Infuse-IoT simulator is already in use: stop what listens there, set SIMULATOR_PORT, or set INFUSE_API_URL to use another platform`,
      );
    }
  }
  return { host, port, url: `http://${dialHost(host)}:${port}`, apiKey };
}

/** The simulator's own env: the launcher's, plus where to listen and which key to accept. */
export function simulatorEnv(env: Env, plan: SimulatorPlan): Env {
  return {
    ...env,
    SIMULATOR_HOST: plan.host,
    SIMULATOR_PORT: String(plan.port),
    SIMULATOR_API_KEY: plan.apiKey,
  };
}

/**
 * Spawns `deploy/local/src/simulator/main.ts` as the child named "simulator" and resolves once
 * `GET /health` answers 200; rejects with its last lines if it exits first or the deadline passes. The
 * entry is always the real one (LOCAL_STACK_ENTRY stubs only services): it is small and has no dependencies.
 */
export async function startSimulatorChild(
  env: Env,
  plan: SimulatorPlan,
  sink: (line: string) => void,
  signal?: AbortSignal,
): Promise<ManagedChild> {
  const child = spawnManaged({
    name: "simulator",
    command: process.execPath,
    args: [...loaderArgs(env), runnable("deploy/local/src/simulator/main.ts", env, REPO_ROOT)],
    env: simulatorEnv(env, plan),
    cwd: REPO_ROOT,
    sink,
  });
  try {
    await waitForChildHealth({
      child,
      what: "the Infuse-IoT simulator",
      url: plan.url,
      timeoutMs: SIMULATOR_READY_MS,
      signal,
    });
    return child;
  } catch (error) {
    await child.stop();
    throw error;
  }
}

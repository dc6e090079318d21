import { join } from "node:path";
import { REPO_ROOT } from "../paths";
import { freePort, isListening } from "../testing-infra";
import { type ManagedChild, spawnManaged } from "./child-process";
import { exitMessage } from "./fleet";
import { DEV_SECRETS, dialHost } from "./stack-env";
import type { Env } from "./targets";

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
    args: ["--import", "tsx", join(REPO_ROOT, "deploy/local/src/simulator/main.ts")],
    env: simulatorEnv(env, plan),
    cwd: REPO_ROOT,
    sink,
  });
  try {
    await waitForHealth(plan.url, child, signal);
    return child;
  } catch (error) {
    await child.stop();
    throw error;
  }
}

async function waitForHealth(url: string, child: ManagedChild, signal?: AbortSignal): Promise<void> {
  let exit: Awaited<ManagedChild["exited"]> | undefined;
  child.exited.then((info) => {
    exit = info;
  });
  const deadline = Date.now() + SIMULATOR_READY_MS;
  let last = "no answer";
  while (!exit && !signal?.aborted && Date.now() < deadline) {
    try {
      const response = await fetch(`${url}/health`, { signal: AbortSignal.timeout(1_000) });
      if (response.status === 200) return;
      last = `${response.status}`;
    } catch (error) {
      last = `no answer (${(error as Error).message})`;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  if (signal?.aborted) throw new Error("start-up interrupted");
  const tail = child.tail().map((line) => `  ${line}`);
  const reason = exit
    ? exitMessage("simulator", exit)
    : `the Infuse-IoT simulator did not answer 200 on ${url}/health within ${SIMULATOR_READY_MS / 1000} s (last: ${last})`;
  throw new Error([reason, ...tail].join("\n"));
}

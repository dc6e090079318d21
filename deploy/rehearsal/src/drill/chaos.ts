import { setTimeout as sleep } from "node:timers/promises";
import type { Target } from "@mp/local/targets";
import { docker } from "../docker";
import type { Probe } from "../ready";
import { waitReady } from "../ready";
import { natsProbe, workloadProbe } from "../stack";
import { containerName, type NatsNode, REPLICAS, SERVICES, WORKLOADS } from "../topology";

export interface Step {
  action: "restart" | "kill -9" | "kill -9 nats";
  container: string;
  /** Offset from the drill's start, seconds. */
  startedAt: number;
  /** From the signal to ready again, seconds. */
  seconds: number;
  error?: string;
}

/** Pause between disruptions, so each one's effects are its own. */
const SETTLE_MS = 3_000;
const READY_TIMEOUT_MS = 180_000;

/**
 * The disruptions, one after another: every service and the gateway restarted one replica at a time
 * (SIGTERM through `docker stop`, which waits for the process to drain and exit, then start, then ready);
 * one replica of each service and of the gateway killed with SIGKILL and started again; one NATS node
 * killed with SIGKILL, left down a while, and started again.
 */
export async function runChaos(origin: number, log: (line: string) => void): Promise<Step[]> {
  const steps: Step[] = [];
  const step = async (
    action: Step["action"],
    container: string,
    disrupt: () => Promise<void>,
    ready: Probe,
  ) => {
    const startedAt = (performance.now() - origin) / 1000;
    const began = performance.now();
    try {
      await disrupt();
      await waitReady(container, ready, READY_TIMEOUT_MS);
      steps.push({ action, container, startedAt, seconds: (performance.now() - began) / 1000 });
      log(`${action} ${container}: ready again after ${((performance.now() - began) / 1000).toFixed(1)} s`);
    } catch (error) {
      const message = (error as Error).message;
      steps.push({
        action,
        container,
        startedAt,
        seconds: (performance.now() - began) / 1000,
        error: message,
      });
      log(`${action} ${container}: ${message}`);
    }
    await sleep(SETTLE_MS);
  };
  for (const target of WORKLOADS) {
    for (const replica of REPLICAS) {
      const name = containerName(target, replica);
      await step("restart", name, () => restart(name, target), workloadProbe(target, replica));
    }
  }
  const killed: Target[] = [...SERVICES, "gateway"];
  for (const target of killed) {
    const name = containerName(target, 1);
    await step("kill -9", name, () => killAndStart(name), workloadProbe(target, 1));
  }
  const node: NatsNode = 2;
  const nats = containerName("nats", node);
  await step(
    "kill -9 nats",
    nats,
    async () => {
      await docker(["kill", "-s", "KILL", nats]);
      await sleep(15_000);
      await docker(["start", nats]);
    },
    natsProbe(node),
  );
  return steps;
}

/** SIGTERM, up to the grace period for draining (then SIGKILL), and a new start of the same container. */
async function restart(name: string, target: Target): Promise<void> {
  await docker(["stop", "-t", target === "gateway" ? "30" : "45", name]);
  await docker(["start", name]);
}

async function killAndStart(name: string): Promise<void> {
  await docker(["kill", "-s", "KILL", name]);
  await docker(["start", name]);
}

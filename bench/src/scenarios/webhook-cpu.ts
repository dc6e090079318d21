import { childrenRunning, cpuMs, postgresCpuMs } from "../cpu";
import type { Figure } from "../scenario";

/** The processes scenario E's events go through, by the fragment of their command line. */
const PATH_PROCESSES = {
  gateway: "gateway/src/main.ts",
  settlements: "services/settlements/src/main.ts",
  purchases: "services/purchases/src/main.ts",
} as const;

export type PathProcess = keyof typeof PATH_PROCESSES | "postgres";

/** CPU milliseconds used so far by each process of the path, PostgreSQL's backends included. */
export type CpuSnapshot = Record<PathProcess, number>;

/** A snapshot of the path's CPU: zeros for a stack the runner only attached to, or off Linux. */
export function cpuSnapshot(): CpuSnapshot {
  const sum = (fragment: string) => childrenRunning(fragment).reduce((total, pid) => total + cpuMs(pid), 0);
  return {
    gateway: sum(PATH_PROCESSES.gateway),
    settlements: sum(PATH_PROCESSES.settlements),
    purchases: sum(PATH_PROCESSES.purchases),
    postgres: postgresCpuMs(),
  };
}

/** CPU milliseconds each process used between two snapshots. */
export function cpuBetween(before: CpuSnapshot, after: CpuSnapshot): CpuSnapshot {
  return {
    gateway: after.gateway - before.gateway,
    settlements: after.settlements - before.settlements,
    purchases: after.purchases - before.purchases,
    postgres: after.postgres - before.postgres,
  };
}

/**
 * CPU per event of each process over the send phase (what intake at the offered rate costs, purchases
 * made meanwhile included) and per purchase over the drain after it (what catching up costs).
 */
export function cpuFigures(
  send: CpuSnapshot,
  accepted: number,
  drain: CpuSnapshot,
  drained: number,
): Figure[] {
  const order: PathProcess[] = ["gateway", "settlements", "purchases", "postgres"];
  const label = (p: PathProcess) => (p === "postgres" ? "PostgreSQL (the stack's server)" : p);
  return [
    ...order.map((p) => ({
      name: `CPU per accepted event over the send phase, ${label(p)}`,
      value: send[p] / Math.max(1, accepted),
      unit: "ms",
    })),
    ...order
      .filter((p) => p !== "gateway")
      .map((p) => ({
        name: `CPU per purchase made after the last send, ${label(p)}`,
        value: drained > 0 ? drain[p] / drained : Number.NaN,
        unit: "ms",
      })),
  ];
}

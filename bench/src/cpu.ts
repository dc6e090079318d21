import { readFileSync } from "node:fs";
import { childPids } from "@mp/local/proc";
import { processCpuMs, procTicks, ticksToMs } from "@mp/testing/proc-cpu";

/** User + system CPU milliseconds `pid` has used so far; 0 when /proc cannot tell (not Linux, gone). */
export const cpuMs = processCpuMs;

/**
 * This process's children (the stack the runner launched, the bare server) whose command line contains
 * `fragment`, such as `gateway/src/main.ts`. Empty for a stack the runner only attached to.
 */
export function childrenRunning(fragment: string): number[] {
  return childPids().filter((pid) => {
    try {
      return readFileSync(`/proc/${pid}/cmdline`, "utf8").replaceAll("\0", " ").includes(fragment);
    } catch {
      return false;
    }
  });
}

/**
 * CPU spent by a set of processes during `work`, in milliseconds: a figure far steadier than throughput
 * on a shared machine, since it does not depend on how much CPU the others left.
 */
export async function cpuDuring<T>(
  pids: number[],
  work: () => Promise<T>,
): Promise<{ result: T; cpuMs: number }> {
  const before = pids.reduce((sum, pid) => sum + cpuMs(pid), 0);
  const result = await work();
  const after = pids.reduce((sum, pid) => sum + cpuMs(pid), 0);
  return { result, cpuMs: after - before };
}

/**
 * CPU milliseconds the stack's PostgreSQL server (the ephemeral one the launcher started, a child of this
 * process) has used so far: its postmaster, every live backend and helper, and every one that has ended
 * (the postmaster reaps them, so their time is in its children's time). 0 when the stack uses a server
 * this process did not start.
 */
export function postgresCpuMs(): number {
  let total = 0;
  for (const postmaster of childrenRunning("postgres")) {
    const own = procTicks(postmaster);
    total += own.own + own.reaped;
    for (const child of childPids(postmaster)) total += procTicks(child).own;
  }
  return ticksToMs(total);
}

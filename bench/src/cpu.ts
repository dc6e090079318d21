import { readdirSync, readFileSync } from "node:fs";
import { childPids } from "@mp/local/proc";

/** Linux reports process CPU time in clock ticks of 1/100 s (USER_HZ) on every common architecture. */
const TICKS_PER_SECOND = 100;

/** User + system CPU milliseconds `pid` has used so far; 0 when /proc cannot tell (not Linux, gone). */
export function cpuMs(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    // Fields after the command: state is index 0, so utime (14th field) is 11 and stime is 12.
    return ((Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND) * 1000;
  } catch {
    return 0;
  }
}

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
 * Every descendant of this process (children, their children, …) whose command line contains `fragment`,
 * such as the backends of the PostgreSQL server the runner launched (`postgres`). Empty without /proc.
 */
export function descendantsRunning(fragment: string): number[] {
  const parents = new Map<number, number>();
  let entries: string[] = [];
  try {
    entries = readdirSync("/proc").filter((entry) => /^\d+$/.test(entry));
  } catch {
    return [];
  }
  for (const entry of entries) {
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      parents.set(Number(entry), Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]));
    } catch {
      // The process ended while we looked.
    }
  }
  const mine = (pid: number): boolean => {
    for (let at = parents.get(pid); at !== undefined && at > 1; at = parents.get(at))
      if (at === process.pid) return true;
    return false;
  };
  return [...parents.keys()].filter((pid) => {
    if (!mine(pid)) return false;
    try {
      return readFileSync(`/proc/${pid}/cmdline`, "utf8").replaceAll("\0", " ").includes(fragment);
    } catch {
      return false;
    }
  });
}

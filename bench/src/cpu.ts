import { readFileSync } from "node:fs";
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

/** Clock ticks in user and system time: the process's own (fields 14, 15) and its reaped children's (16, 17). */
function ticks(pid: number): { own: number; reaped: number } {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const f = stat
      .slice(stat.lastIndexOf(")") + 2)
      .split(" ")
      .map(Number);
    return { own: (f[11] ?? 0) + (f[12] ?? 0), reaped: (f[13] ?? 0) + (f[14] ?? 0) };
  } catch {
    return { own: 0, reaped: 0 };
  }
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
    const own = ticks(postmaster);
    total += own.own + own.reaped;
    for (const child of childPids(postmaster)) total += ticks(child).own;
  }
  return (total / TICKS_PER_SECOND) * 1000;
}

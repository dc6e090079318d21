import { readFileSync } from "node:fs";

/** Linux reports process CPU time in clock ticks of 1/100 s (USER_HZ) on every common architecture. */
const TICKS_PER_SECOND = 100;

/**
 * Clock ticks of user and system time from /proc/<pid>/stat: the process's own (fields 14, 15) and its
 * reaped children's (16, 17). Zeros when /proc cannot tell (not Linux, the process is gone).
 */
export function procTicks(pid: number): { own: number; reaped: number } {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // Fields after the command (which may hold spaces and parentheses): state is index 0, utime 11.
    const f = stat
      .slice(stat.lastIndexOf(")") + 2)
      .split(" ")
      .map(Number);
    return { own: (f[11] ?? 0) + (f[12] ?? 0), reaped: (f[13] ?? 0) + (f[14] ?? 0) };
  } catch {
    return { own: 0, reaped: 0 };
  }
}

/** Converts clock ticks to milliseconds. */
export const ticksToMs = (ticks: number): number => (ticks / TICKS_PER_SECOND) * 1000;

/** User + system CPU milliseconds `pid` has used so far (its own, not its children's); 0 when unknown. */
export const processCpuMs = (pid: number): number => ticksToMs(procTicks(pid).own);

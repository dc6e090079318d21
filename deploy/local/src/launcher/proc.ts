import { readdirSync, readFileSync } from "node:fs";

interface ProcStat {
  pid: number;
  state: string;
  ppid: number;
  pgrp: number;
}

/** Every process's state, parent and group from /proc (Linux); undefined where there is no /proc. */
function processes(): ProcStat[] | undefined {
  let entries: string[];
  try {
    entries = readdirSync("/proc");
  } catch {
    return undefined;
  }
  const stats: ProcStat[] = [];
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const [state = "", ppid, pgrp] = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      stats.push({ pid: Number(entry), state, ppid: Number(ppid), pgrp: Number(pgrp) });
    } catch {
      // The process ended while we looked.
    }
  }
  return stats;
}

/**
 * The direct children of `pid`. Used to prove nothing was left running, and by the launcher's exit hook
 * as a last resort when it dies before stopping its children.
 */
export function childPids(pid = process.pid): number[] {
  return (processes() ?? []).filter((p) => p.ppid === pid).map((p) => p.pid);
}

/**
 * Members of a process group that still run. Zombies do not count: an orphaned grandchild waits for init
 * to reap it, and some container inits take their time, yet it holds nothing any more. Undefined when
 * /proc cannot tell; the caller then probes the group with signal 0.
 */
export function liveGroupMembers(pgid: number): number[] | undefined {
  return processes()
    ?.filter((p) => p.pgrp === pgid && p.state !== "Z")
    .map((p) => p.pid);
}

/** SIGKILL each child's process group (services lead their own), or the child alone when it leads none. */
export function killChildren(pid = process.pid): void {
  for (const child of childPids(pid)) {
    try {
      process.kill(-child, "SIGKILL");
    } catch {
      try {
        process.kill(child, "SIGKILL");
      } catch {
        // Already gone.
      }
    }
  }
}

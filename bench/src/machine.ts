import { execFileSync } from "node:child_process";
import { cpus, loadavg, totalmem } from "node:os";

export interface MachineInfo {
  cpuModel: string;
  cores: number;
  memoryGiB: number;
  node: string;
  commit: string;
}

export function machineInfo(): MachineInfo {
  return {
    cpuModel: cpus()[0]?.model.trim() ?? "unknown",
    cores: cpus().length,
    memoryGiB: Math.round((totalmem() / 2 ** 30) * 10) / 10,
    node: process.version,
    commit: gitCommit(),
  };
}

/** The 1, 5 and 15 minute load averages, as `uptime` shows them. */
export function loadAverage(): string {
  return loadavg()
    .map((value) => value.toFixed(2))
    .join(" / ");
}

function gitCommit(): string {
  try {
    const sha = execFileSync("git", ["rev-parse", "--short", "HEAD"], { encoding: "utf8" }).trim();
    const dirty = execFileSync("git", ["status", "--porcelain", "--untracked-files=no"], {
      encoding: "utf8",
    });
    return dirty.trim() ? `${sha} (with uncommitted changes)` : sha;
  } catch {
    return "unknown";
  }
}

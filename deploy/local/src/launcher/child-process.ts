import { spawn } from "node:child_process";
import { createInterface } from "node:readline";
import type { Readable } from "node:stream";
import { liveGroupMembers } from "./proc";
import type { Env } from "./targets";

export interface ExitInfo {
  code: number | null;
  signal: NodeJS.Signals | null;
  /** Set when the process could not be started at all (for example ENOENT). */
  error?: Error;
}

export interface ManagedChild {
  readonly name: string;
  /** Also its process group id; undefined when it could not be started. */
  readonly pid: number | undefined;
  /** Resolves once the process has exited and all its output has been passed on. */
  readonly exited: Promise<ExitInfo>;
  /** The last lines it printed, for diagnosing a process that failed. */
  tail(): string[];
  /** SIGTERM to its process group, SIGKILL after `graceMs`; resolves when the whole group is gone. */
  stop(graceMs?: number): Promise<void>;
}

const TAIL_LINES = 40;

/**
 * Runs one process in its own process group (`detached`), so stopping it reaches everything it spawned and
 * a Ctrl-C on the terminal reaches only the launcher, which then stops children in order. Output is
 * passed on line by line with a `[name]` prefix so interleaved logs stay readable.
 */
export function spawnManaged(spec: {
  name: string;
  command: string;
  args: string[];
  env: Env;
  cwd: string;
  sink: (line: string) => void;
}): ManagedChild {
  const child = spawn(spec.command, spec.args, {
    cwd: spec.cwd,
    env: spec.env,
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  const recent: string[] = [];
  const onLine = (line: string) => {
    recent.push(line);
    if (recent.length > TAIL_LINES) recent.shift();
    spec.sink(`[${spec.name}] ${line}`);
  };
  const flushed = Promise.all([forEachLine(child.stdout, onLine), forEachLine(child.stderr, onLine)]);
  const exited = new Promise<ExitInfo>((resolve) => {
    child.once("error", (error) => {
      onLine(`could not start ${spec.command}: ${error.message}`);
      resolve({ code: null, signal: null, error });
    });
    child.once("exit", (code, signal) => {
      flushed.then(() => resolve({ code, signal }));
    });
  });
  const pgid = child.pid;
  let stopping: Promise<void> | undefined;
  return {
    name: spec.name,
    pid: pgid,
    exited,
    tail: () => [...recent],
    stop: (graceMs = 10_000) => {
      stopping ??= pgid === undefined ? exited.then(() => undefined) : stopGroup(pgid, exited, graceMs);
      return stopping;
    },
  };
}

async function stopGroup(pgid: number, exited: Promise<ExitInfo>, graceMs: number): Promise<void> {
  signalGroup(pgid, "SIGTERM");
  if (!(await groupGone(pgid, exited, graceMs))) {
    signalGroup(pgid, "SIGKILL");
    await groupGone(pgid, exited, 5_000);
  }
  await exited;
}

/** Waits until the leader has exited and no member of its group is left, or the time is up. */
async function groupGone(pgid: number, exited: Promise<ExitInfo>, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  let leaderExited = false;
  exited.then(() => {
    leaderExited = true;
  });
  while (Date.now() < deadline) {
    if (leaderExited && groupEmpty(pgid)) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return false;
}

function groupEmpty(pgid: number): boolean {
  const members = liveGroupMembers(pgid);
  return members ? members.length === 0 : !signalGroup(pgid, 0);
}

/** Sends `signal` to every process in the group; false when the group no longer exists. */
function signalGroup(pgid: number, signal: NodeJS.Signals | 0): boolean {
  try {
    process.kill(-pgid, signal);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

function forEachLine(stream: Readable | null, onLine: (line: string) => void): Promise<void> {
  if (!stream) return Promise.resolve();
  const lines = createInterface({ input: stream, crlfDelay: Number.POSITIVE_INFINITY });
  lines.on("line", onLine);
  return new Promise((resolve) => lines.once("close", () => resolve()));
}

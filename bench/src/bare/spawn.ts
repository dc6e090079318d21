import { type ChildProcess, spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";

export interface BareServer {
  url: string;
  pid: number;
  stop(): Promise<void>;
}

const ENTRY = fileURLToPath(new URL("./server.ts", import.meta.url));

/**
 * Starts a bare baseline server (scenario A's by default, or the file `entry` names, with `env` added and
 * `nodeArgs` before the entry) as its own process (never the load generator's) and waits for its URL.
 */
export async function startBareServer(
  databaseUrl: string,
  options: { entry?: string; env?: Record<string, string>; nodeArgs?: string[] } = {},
): Promise<BareServer> {
  const args = ["--import", "tsx", ...(options.nodeArgs ?? []), options.entry ?? ENTRY];
  const child = spawn(process.execPath, args, {
    env: { ...process.env, ...options.env, DATABASE_URL: databaseUrl, NODE_OPTIONS: "" },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const url = await new Promise<string>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    lines.once("line", (line) => resolve((JSON.parse(line) as { url: string }).url));
    child.once("exit", (code) => reject(new Error(`bare server exited (code ${code}) before listening`)));
  });
  return { url, pid: child.pid!, stop: () => stopChild(child) };
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), 5_000);
  await exited;
  clearTimeout(timer);
}

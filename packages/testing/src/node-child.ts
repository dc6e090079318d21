import { spawn } from "node:child_process";

/**
 * Runs `node <args>` (this process's Node) with `env` over this process's environment, and resolves with
 * the last line it printed, parsed as JSON; rejects when it exits with anything but 0. For tests whose
 * subject is a whole process: its flags, its environment, what it gives back to the system.
 */
export function runNodeForJson<T>(args: readonly string[], env: NodeJS.ProcessEnv = process.env): Promise<T> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { env, stdio: ["ignore", "pipe", "inherit"] });
    let out = "";
    child.stdout.on("data", (chunk) => (out += chunk));
    child.on("error", reject);
    child.on("exit", (code) => {
      if (code !== 0) return reject(new Error(`node ${args.join(" ")} exited ${code}: ${out}`));
      resolve(JSON.parse(out.trim().split("\n").pop() ?? "{}") as T);
    });
  });
}

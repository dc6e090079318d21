import { execFile, spawn } from "node:child_process";
import { setTimeout as sleep } from "node:timers/promises";
import { promisify } from "node:util";

const run = promisify(execFile);

/** Every container and volume the rehearsal makes carries this label; `down` removes by it. */
export const REHEARSAL_LABEL = "com.marketplace.rehearsal=true";

/** `docker <args>`: its stdout, or an error carrying its stderr. */
export async function docker(args: string[]): Promise<string> {
  try {
    const { stdout } = await run("docker", args, { maxBuffer: 64 * 1024 * 1024 });
    return stdout.trim();
  } catch (error) {
    const stderr = (error as { stderr?: string }).stderr?.trim();
    throw new Error(`docker ${args.slice(0, 3).join(" ")}: ${stderr || (error as Error).message}`);
  }
}

/** A command with its output streamed to ours (image builds, the base-image script, apt-get). */
export function streamed(command: string, args: string[], cwd?: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, stdio: "inherit" });
    child.on("error", reject);
    child.on("exit", (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} ${args.join(" ")} exited ${code}`)),
    );
  });
}

async function answers(): Promise<boolean> {
  return docker(["info", "--format", "{{.ServerVersion}}"]).then(
    () => true,
    () => false,
  );
}

async function installed(): Promise<boolean> {
  return run("docker", ["--version"]).then(
    () => true,
    () => false,
  );
}

/**
 * Docker from Debian when the client is missing, and `dockerd` started (as root, detached, its log in
 * /var/log/dockerd-rehearsal.log) when no daemon answers.
 */
export async function ensureDocker(log: (line: string) => void): Promise<void> {
  if (!(await installed())) {
    log("docker is missing: apt-get install docker.io");
    await streamed("apt-get", ["update"]);
    await streamed("apt-get", ["install", "-y", "--no-install-recommends", "docker.io"]);
  }
  if (await answers()) return;
  log("no Docker daemon answers: starting dockerd");
  const child = spawn("sh", ["-c", "exec dockerd >>/var/log/dockerd-rehearsal.log 2>&1"], {
    detached: true,
    stdio: "ignore",
  });
  child.unref();
  for (let i = 0; i < 60; i++) {
    if (await answers()) return;
    await sleep(1_000);
  }
  throw new Error("dockerd did not answer within 60 s: see /var/log/dockerd-rehearsal.log");
}

export async function imageExists(image: string): Promise<boolean> {
  return docker(["image", "inspect", "--format", "{{.Id}}", image]).then(
    () => true,
    () => false,
  );
}

/** Ids of the rehearsal's containers, optionally only those of one service. */
export async function rehearsalContainers(service?: string): Promise<string[]> {
  const filters = ["--filter", `label=${REHEARSAL_LABEL}`];
  if (service) filters.push("--filter", `label=com.marketplace.service=${service}`);
  const out = await docker(["ps", "-aq", ...filters]);
  return out ? out.split("\n") : [];
}

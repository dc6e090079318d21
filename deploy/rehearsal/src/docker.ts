import { execFile, spawn } from "node:child_process";
import { mkdir, open } from "node:fs/promises";
import { join } from "node:path";
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

/** Whether `command` is on PATH (`sh -c "command -v ..."`). */
async function onPath(command: string): Promise<boolean> {
  return run("sh", ["-c", `command -v ${command}`]).then(
    () => true,
    () => false,
  );
}

/** What `ensureDocker` has to do, from what the machine has. */
export function dockerSteps(have: { client: boolean; daemon: boolean; answers: boolean }): {
  install: boolean;
  startDaemon: boolean;
} {
  if (have.answers) return { install: false, startDaemon: false };
  // A client alone (a static `docker` binary, say) cannot start anything: the engine comes with docker.io.
  return { install: !have.client || !have.daemon, startDaemon: true };
}

/**
 * Docker from Debian when the client or the daemon (`dockerd`) is missing, and `dockerd` started (as root,
 * detached, its log in /var/log/dockerd-rehearsal.log) when no daemon answers.
 */
export async function ensureDocker(log: (line: string) => void): Promise<void> {
  const steps = dockerSteps({
    client: await onPath("docker"),
    daemon: await onPath("dockerd"),
    answers: await answers(),
  });
  if (steps.install) {
    log("docker or dockerd is missing: apt-get install docker.io");
    await streamed("apt-get", ["update"]);
    await streamed("apt-get", ["install", "-y", "--no-install-recommends", "docker.io"]);
  }
  if (!steps.startDaemon) return;
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

/**
 * Every rehearsal container's output (`docker logs`, stdout and stderr, since it was created: restarts
 * included) written to `<dir>/<name>.log`, so a drill's failures can be read after `down` removed them.
 */
export async function saveContainerLogs(dir: string): Promise<string[]> {
  await mkdir(dir, { recursive: true });
  const names = await docker(["ps", "-a", "--filter", `label=${REHEARSAL_LABEL}`, "--format", "{{.Names}}"]);
  const saved: string[] = [];
  for (const name of names ? names.split("\n") : []) {
    const file = join(dir, `${name}.log`);
    const out = await open(file, "w");
    try {
      await new Promise<void>((resolve, reject) => {
        const child = spawn("docker", ["logs", "--timestamps", name], { stdio: ["ignore", out.fd, out.fd] });
        child.on("error", reject);
        child.on("exit", () => resolve());
      });
    } finally {
      await out.close();
    }
    saved.push(file);
  }
  return saved;
}

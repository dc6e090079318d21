import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Started } from "./postgres";
import { freePort, hostPort, isListening, waitFor } from "./probe";

export const NATS_INSTALL_HINT =
  "nats-server was not found on PATH: install it with `apt-get install nats-server` (Debian/Ubuntu) or from https://github.com/nats-io/nats-server/releases";

export function natsServerBinary(): string | undefined {
  for (const candidate of [process.env.NATS_SERVER_BIN, "nats-server", "/usr/sbin/nats-server"]) {
    if (!candidate) continue;
    const result = spawnSync(candidate, ["--version"], { stdio: "ignore" });
    if (result.status === 0) return candidate;
  }
  return undefined;
}

/** Find NATS with JetStream: NATS_URL, then 127.0.0.1:4222, then `nats-server -js` from PATH, then a container. */
export async function findOrStartNats(): Promise<Started> {
  const fromEnv = process.env.NATS_URL;
  if (fromEnv) {
    const { host, port } = hostPort(fromEnv.replace(/^nats:/, "http:"), 4222);
    if (!(await isListening(host, port)))
      throw new Error(`NATS_URL is set but nothing listens at ${host}:${port}`);
    return { url: fromEnv, source: "env", stop: async () => {} };
  }
  if (await isListening("127.0.0.1", 4222)) {
    return { url: "nats://127.0.0.1:4222", source: "local", stop: async () => {} };
  }
  if (natsServerBinary()) return startNatsServer();
  return startNatsContainer();
}

/** Start a private `nats-server -js` on a free port with its own store directory. */
export async function startNatsServer(options: { port?: number; storeDir?: string } = {}): Promise<Started> {
  const binary = natsServerBinary();
  if (!binary) throw new Error(NATS_INSTALL_HINT);
  const port = options.port ?? (await freePort());
  const storeDir = options.storeDir ?? (await mkdtemp(join(tmpdir(), "mp-nats-")));
  const child: ChildProcess = spawn(binary, ["-js", "-a", "127.0.0.1", "-p", String(port), "-sd", storeDir], {
    stdio: "ignore",
  });
  await waitFor(async () => ((await isListening("127.0.0.1", port)) ? true : undefined), {
    timeoutMs: 10_000,
    what: `nats-server on port ${port}`,
  });
  return {
    url: `nats://127.0.0.1:${port}`,
    source: "started",
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once("exit", r));
        child.kill("SIGTERM");
        await exited;
      }
      if (!options.storeDir) await rm(storeDir, { recursive: true, force: true });
    },
  };
}

async function startNatsContainer(): Promise<Started> {
  const { GenericContainer } = await import("testcontainers");
  const container = await new GenericContainer("nats:2").withCommand(["-js"]).withExposedPorts(4222).start();
  return {
    url: `nats://${container.getHost()}:${container.getMappedPort(4222)}`,
    source: "container",
    stop: async () => {
      await container.stop();
    },
  };
}

import { createConnection } from "node:net";

/** True when something accepts TCP connections at host:port within the timeout. */
export function isListening(host: string, port: number, timeoutMs = 500): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ host, port });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once("connect", () => done(true));
    socket.once("error", () => done(false));
  });
}

/** Lowest port of the kernel's range for outgoing connections (Linux default 32768). */
async function ephemeralFloor(): Promise<number> {
  const { readFile } = await import("node:fs/promises");
  const text = await readFile("/proc/sys/net/ipv4/ip_local_port_range", "utf8").catch(() => "");
  const low = Number.parseInt(text.trim().split(/\s+/)[0] ?? "", 10);
  return Number.isInteger(low) && low > 0 ? low : 32_768;
}

/** Binds and releases host:port; resolves the port it got (0 asks the kernel for one), or undefined. */
async function tryBind(port: number): Promise<number | undefined> {
  const { createServer } = await import("node:net");
  return new Promise((resolve) => {
    const server = createServer();
    server.once("error", () => resolve(undefined));
    server.listen(port, "127.0.0.1", () => {
      const address = server.address();
      const bound = typeof address === "object" && address ? address.port : undefined;
      server.close(() => resolve(bound));
    });
  });
}

const LOWEST_PICKED_PORT = 10_000;

/**
 * The one port above LOWEST_PICKED_PORT on the Fetch standard's list of bad ports: `fetch` refuses it
 * ("bad port"), so a process given it could never be probed (a stack failed readiness that way).
 */
const FETCH_BAD_PORT = 10_080;

/**
 * A free TCP port on 127.0.0.1 for a process started next. Picked at random BELOW the kernel's range for
 * outgoing connections: a port the kernel hands out (listen on 0) lies inside that range, so any outgoing
 * connection on the machine (tests open thousands) could take it between this check and the child's bind,
 * which made stacks fail at random with EADDRINUSE. Falls back to the kernel's choice.
 */
export async function freePort(): Promise<number> {
  const ceiling = await ephemeralFloor();
  if (ceiling - LOWEST_PICKED_PORT >= 1_000) {
    for (let attempt = 0; attempt < 50; attempt++) {
      const port = LOWEST_PICKED_PORT + Math.floor(Math.random() * (ceiling - LOWEST_PICKED_PORT));
      if (port !== FETCH_BAD_PORT && (await tryBind(port)) === port) return port;
    }
  }
  const port = await tryBind(0);
  if (port === undefined) throw new Error("no free TCP port on 127.0.0.1");
  return port;
}

/** Poll `check` until it returns a value other than undefined, or fail after `timeoutMs`. */
export async function waitFor<T>(
  check: () => Promise<T | undefined> | T | undefined,
  options: { timeoutMs?: number; intervalMs?: number; what?: string } = {},
): Promise<T> {
  const deadline = Date.now() + (options.timeoutMs ?? 10_000);
  let lastError: unknown;
  for (;;) {
    try {
      const value = await check();
      if (value !== undefined) return value;
    } catch (error) {
      lastError = error;
    }
    if (Date.now() > deadline) {
      throw new Error(`Timed out waiting for ${options.what ?? "condition"}`, { cause: lastError });
    }
    await new Promise((r) => setTimeout(r, options.intervalMs ?? 50));
  }
}

export function hostPort(url: string, defaultPort: number): { host: string; port: number } {
  const parsed = new URL(url);
  return { host: parsed.hostname || "127.0.0.1", port: Number(parsed.port || defaultPort) };
}

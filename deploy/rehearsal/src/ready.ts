import { connect } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";

/** One look at a dependency: undefined when ready, else what it answered (for the timeout's message). */
export type Probe = () => Promise<string | undefined>;

/** `GET url` answers 200. */
export function httpOk(url: string): Probe {
  return async () => {
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      await response.body?.cancel();
      return response.status === 200 ? undefined : `GET ${url} answered ${response.status}`;
    } catch (error) {
      return `GET ${url}: ${(error as Error).message}`;
    }
  };
}

/** Something accepts TCP connections on host:port (a TLS server whose certificate the host does not trust). */
export function listening(host: string, port: number): Probe {
  return () =>
    new Promise((resolve) => {
      const socket = connect({ host, port });
      socket.setTimeout(2_000);
      socket.once("connect", () => {
        socket.destroy();
        resolve(undefined);
      });
      socket.once("error", (error) => resolve(`${host}:${port}: ${error.message}`));
      socket.once("timeout", () => {
        socket.destroy();
        resolve(`${host}:${port}: no answer within 2 s`);
      });
    });
}

/** Polls `probe` every 250 ms until it passes; the last answer names the failure after `timeoutMs`. */
export async function waitReady(name: string, probe: Probe, timeoutMs = 120_000): Promise<number> {
  const started = performance.now();
  let last: string | undefined = "not asked yet";
  while (performance.now() - started < timeoutMs) {
    last = await probe();
    if (last === undefined) return performance.now() - started;
    await sleep(250);
  }
  throw new Error(`${name} not ready after ${Math.round(timeoutMs / 1000)} s: ${last}`);
}

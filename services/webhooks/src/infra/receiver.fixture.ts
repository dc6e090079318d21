import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/** One request a test receiver got. */
export interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  at: number;
}

/**
 * A real local HTTP receiver for the tests: `/ok...` answers 204, `/fail...` 500, `/slow...` 200 after
 * `slowMs`, `/flaky...` 503 while `down` is set and 204 otherwise; every request is recorded, and the most requests in flight at once per path prefix is kept.
 */
export async function startReceiver(options: { slowMs?: number; okDelayMs?: number } = {}) {
  const received: Received[] = [];
  const state = { down: false };
  const inFlight = new Map<string, number>();
  const peak = new Map<string, number>();
  const server: Server = createServer((req, res) => {
    const path = req.url ?? "/";
    const key = path.split("/")[1] ?? "";
    inFlight.set(key, (inFlight.get(key) ?? 0) + 1);
    peak.set(key, Math.max(peak.get(key) ?? 0, inFlight.get(key) ?? 0));
    let body = "";
    req.on("data", (chunk) => {
      body += chunk;
    });
    req.on("end", () => {
      received.push({ path, headers: req.headers, body, at: Date.now() });
      const answer = (status: number) => {
        inFlight.set(key, (inFlight.get(key) ?? 1) - 1);
        res.writeHead(status).end();
      };
      if (path.startsWith("/fail")) answer(500);
      else if (path.startsWith("/flaky")) answer(state.down ? 503 : 204);
      else if (path.startsWith("/slow")) setTimeout(() => answer(200), options.slowMs ?? 2_000);
      else setTimeout(() => answer(204), options.okDelayMs ?? 0);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    base,
    received,
    peak,
    state,
    to: (path: string) => received.filter((r) => r.path === path),
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

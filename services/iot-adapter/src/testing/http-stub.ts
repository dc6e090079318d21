import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export type StubHandler = (req: IncomingMessage, res: ServerResponse, url: URL) => void | Promise<void>;

/**
 * A tiny HTTP server for unit tests of the platform client: one handler sees every request, and each
 * request is recorded so tests can assert headers, paths and how many attempts were made.
 */
export async function startHttpStub(handler: StubHandler) {
  const requests: { method: string; url: URL; headers: IncomingMessage["headers"] }[] = [];
  let current = handler;
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://stub");
    requests.push({ method: req.method ?? "GET", url, headers: req.headers });
    Promise.resolve(current(req, res, url)).catch((error: unknown) => {
      res.statusCode = 500;
      res.end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    handle(next: StubHandler) {
      current = next;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify(body));
}

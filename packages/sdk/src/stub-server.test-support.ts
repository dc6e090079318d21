import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export interface StubRequest {
  method: string;
  url: string;
  headers: IncomingMessage["headers"];
  body: string;
}

export type StubHandler = (request: StubRequest, response: ServerResponse) => void;

/** A local HTTP server answering with `handler` and recording every request, for the SDK's unit tests. */
export async function startStub(handler: StubHandler) {
  const requests: StubRequest[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const request = {
        method: req.method ?? "",
        url: req.url ?? "",
        headers: req.headers,
        body: Buffer.concat(chunks).toString("utf8"),
      };
      requests.push(request);
      handler(request, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) {
  const problem = status >= 400;
  res.writeHead(status, {
    "content-type": problem ? "application/problem+json" : "application/json",
    ...headers,
  });
  res.end(JSON.stringify(body));
}

export function problem(status: number, code: string, detail: string, extra: Record<string, unknown> = {}) {
  return {
    type: "about:blank",
    title: code,
    status,
    detail,
    instance: "/",
    code,
    traceId: "0".repeat(32),
    ...extra,
  };
}

import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, createTestKeys } from "../testing/test-kit";
import type { ZodApp } from "../zod-app";

let app: ZodApp;
let port: number;

beforeAll(async () => {
  app = await buildTestApp({ keys: await createTestKeys() });
  await app.listen({ host: "127.0.0.1", port: 0 });
  port = (app.server.address() as { port: number }).port;
});
afterAll(() => app.close());

/** Sends raw bytes and reads everything the server writes until it closes the connection. */
function exchange(raw: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1", () => socket.write(raw));
    const chunks: Buffer[] = [];
    socket.on("data", (chunk) => chunks.push(chunk));
    socket.on("error", reject);
    socket.on("close", () => resolve(Buffer.concat(chunks).toString("utf8")));
  });
}

function parse(answer: string) {
  const [head = "", body = ""] = answer.split("\r\n\r\n");
  const [statusLine = "", ...headerLines] = head.split("\r\n");
  const headers = Object.fromEntries(
    headerLines.map((line) => {
      const at = line.indexOf(":");
      return [line.slice(0, at).toLowerCase(), line.slice(at + 1).trim()];
    }),
  );
  return { status: Number(statusLine.split(" ")[1]), headers, body: JSON.parse(body) };
}

describe("requests Node's HTTP parser refuses", () => {
  it("answers a head over Node's 16 KiB limit with a bare 431, as Node does", async () => {
    const answer = await exchange(`GET /healthz HTTP/1.1\r\nHost: x\r\nX-Big: ${"a".repeat(20_000)}\r\n\r\n`);
    expect(answer.startsWith("HTTP/1.1 431 ")).toBe(true);
  });

  it("answers a broken header with a validation problem", async () => {
    const answer = parse(await exchange("GET /healthz HTTP/1.1\r\nHost: x\r\nBad Header\r\n\r\n"));
    expect(answer.status).toBe(400);
    expect(answer.headers["content-type"]).toBe("application/problem+json");
    expect(answer.body).toMatchObject({ status: 400, code: "validation-failed", instance: "/" });
    expect(answer.body.traceId).toMatch(/^[0-9a-f]{32}$/);
    expect(answer.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("answers a malformed request line with a validation problem", async () => {
    const answer = parse(await exchange("NOT A REQUEST\r\n\r\n"));
    expect(answer.status).toBe(400);
    expect(answer.headers["content-type"]).toBe("application/problem+json");
    expect(answer.body).toMatchObject({ code: "validation-failed", detail: "The request is malformed." });
  });

  it("still serves a well-formed request on the same server", async () => {
    const answer = await exchange("GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
    expect(answer.startsWith("HTTP/1.1 200")).toBe(true);
  });
});

import { Writable } from "node:stream";
import { createLogger } from "@mp/logger";
import { waitFor } from "@mp/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CatalogueClient } from "../clients";
import { buildTestApp, createTestKeys, fakeCatalogue, type TestKeys } from "../testing/test-kit";
import type { ZodApp } from "../zod-app";

const TRACE_ID = "4bf92f3577b34da6a3ce929d0e0e4736";
const catalogue = fakeCatalogue(() => ({ items: [], page: 1, pageSize: 20, totalCount: 0, totalPages: 0 }));
let keys: TestKeys;
let app: ZodApp;

beforeAll(async () => {
  keys = await createTestKeys();
  app = await buildTestApp({ keys, catalogue: catalogue.client });
});
afterAll(() => app.close());

describe("request ids and trace context", () => {
  it("echoes x-request-id on successes, errors, 404s and ops routes", async () => {
    const token = await keys.token(["developer"]);
    const requests = [
      { url: "/marketplace/instances", headers: { authorization: `Bearer ${token}` } },
      { url: "/marketplace/instances" },
      { url: "/marketplace/instances/not-a-guid", headers: { authorization: `Bearer ${token}` } },
      { url: "/nowhere" },
      { url: "/healthz" },
    ];
    for (const [n, request] of requests.entries()) {
      const id = `req-${n}.abc`;
      const response = await app.inject({ ...request, headers: { ...request.headers, "x-request-id": id } });
      expect(response.headers["x-request-id"], request.url).toBe(id);
      expect(response.headers.traceparent, request.url).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-[0-9a-f]{2}$/);
    }
  });

  it("passes the request id upstream", async () => {
    await app.inject({
      url: "/marketplace/instances",
      headers: { authorization: `Bearer ${await keys.token(["developer"])}`, "x-request-id": "trace-me-1" },
    });
    expect(catalogue.calls.at(-1)?.ctx.requestId).toBe("trace-me-1");
  });

  it("replaces an insane request id with a UUID, the same one for the same header", async () => {
    const made = new Map<string, string>();
    for (const id of ["has space", "x".repeat(200), 'quote"d', "has space"]) {
      const response = await app.inject({ url: "/healthz", headers: { "x-request-id": id } });
      const replaced = String(response.headers["x-request-id"]);
      expect(replaced).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      // A repeat of a request (an ingress resending it) keeps its id: creations are done once per id.
      expect(replaced).toBe(made.get(id) ?? replaced);
      made.set(id, replaced);
    }
    expect(new Set(made.values()).size).toBe(3);
    // Without a header, or with an empty one, each request gets its own.
    for (const headers of [{}, { "x-request-id": "" }]) {
      const [a, b] = await Promise.all([
        app.inject({ url: "/healthz", headers }),
        app.inject({ url: "/healthz", headers }),
      ]);
      expect(a.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
      expect(a.headers["x-request-id"]).not.toBe(b.headers["x-request-id"]);
    }
  });

  it("gives each request without a traceparent its own unsampled trace (no span is recorded without an exporter)", async () => {
    const seen = new Set<string>();
    for (let n = 0; n < 5; n++) {
      const response = await app.inject({ url: "/nowhere" });
      const [version, traceId, spanId, flags] = String(response.headers.traceparent).split("-");
      expect(version).toBe("00");
      expect(traceId).toMatch(/^(?!0{32})[0-9a-f]{32}$/);
      expect(spanId).toMatch(/^(?!0{16})[0-9a-f]{16}$/);
      expect(flags).toBe("00");
      expect(response.json().traceId).toBe(traceId);
      seen.add(String(traceId));
    }
    expect(seen.size).toBe(5);
  });

  it("continues the caller's trace", async () => {
    const response = await app.inject({
      url: "/nowhere",
      headers: { traceparent: `00-${TRACE_ID}-00f067aa0ba902b7-01` },
    });
    expect(response.headers.traceparent).toMatch(
      new RegExp(`^00-${TRACE_ID}-(?!00f067aa0ba902b7)[0-9a-f]{16}-`),
    );
    expect(response.json().traceId).toBe(TRACE_ID);
  });

  it("logs each request's lines with its request id and trace id, once each, and never another's", async () => {
    const lines: Record<string, unknown>[] = [];
    const texts: string[] = [];
    const destination = new Writable({
      write(chunk, _encoding, done) {
        for (const line of String(chunk).split("\n").filter(Boolean)) {
          texts.push(line);
          lines.push(JSON.parse(line));
        }
        done();
      },
    });
    const logger = createLogger({ service: "gateway-test", level: "info", destination });
    const failing = fakeCatalogue(() => {
      throw new Error("boom");
    });
    const logged = await buildTestApp({ keys, catalogue: failing.client, logger });
    try {
      const token = await keys.token(["developer"]);
      for (const [id, trace] of [
        ["log-1", TRACE_ID],
        ["log-2", "0af7651916cd43dd8448eb211c80319c"],
      ]) {
        const response = await logged.inject({
          url: "/marketplace/instances",
          headers: {
            authorization: `Bearer ${token}`,
            "x-request-id": id,
            traceparent: `00-${trace}-00f067aa0ba902b7-01`,
          },
        });
        expect(response.statusCode).toBe(500);
        const failed = lines.find((line) => line.msg === "request failed" && line.reqId === id);
        expect(failed).toMatchObject({ reqId: id, traceId: trace });
      }
      // One member of each per line: the trace id is bound once, beside fastify's request id.
      const failures = texts.filter((text) => text.includes('"msg":"request failed"'));
      expect(failures).toHaveLength(2);
      for (const text of failures) {
        expect(text.match(/"traceId"/g)).toHaveLength(1);
        expect(text.match(/"reqId"/g)).toHaveLength(1);
      }
      logger.info("after");
      expect(lines.at(-1)).not.toHaveProperty("traceId");
      expect(lines.at(-1)).not.toHaveProperty("reqId");
    } finally {
      await logged.close();
    }
  });

  it("cancels the upstream call when the client goes away", async () => {
    let seen: AbortSignal | undefined;
    const hanging = {
      call: (_method: string, _request: unknown, ctx: { signal: AbortSignal }) => {
        seen = ctx.signal;
        return new Promise((_resolve, reject) =>
          ctx.signal.addEventListener("abort", () => reject(new Error("aborted"))),
        );
      },
    } as unknown as CatalogueClient;
    const listening = await buildTestApp({ keys, catalogue: hanging });
    try {
      const address = await listening.listen({ host: "127.0.0.1", port: 0 });
      const client = new AbortController();
      const pending = fetch(`${address}/marketplace/instances`, {
        headers: { authorization: `Bearer ${await keys.token(["developer"])}` },
        signal: client.signal,
      }).catch(() => "aborted");
      await waitFor(() => seen);
      expect(seen?.aborted).toBe(false);
      client.abort();
      expect(await pending).toBe("aborted");
      await waitFor(() => (seen?.aborted ? true : undefined), { what: "the upstream signal to abort" });
    } finally {
      await listening.close();
    }
  });
});

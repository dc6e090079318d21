import { Writable } from "node:stream";
import { createLogger } from "@mp/logger";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, createTestKeys, fakeCatalogue, type TestKeys } from "../testing/test-kit";
import type { ZodApp } from "../zod-app";

const lines: Record<string, unknown>[] = [];
const destination = new Writable({
  write(chunk, _encoding, done) {
    for (const line of String(chunk).split("\n").filter(Boolean)) lines.push(JSON.parse(line));
    done();
  },
});
let keys: TestKeys;
let app: ZodApp;

beforeAll(async () => {
  keys = await createTestKeys();
  const catalogue = fakeCatalogue(() => ({ items: [], page: 1, pageSize: 20, totalCount: 0, totalPages: 0 }));
  const logger = createLogger({ service: "gateway-test", level: "info", destination });
  app = await buildTestApp({ keys, catalogue: catalogue.client, logger });
});
afterAll(() => app.close());

describe("request log", () => {
  it("writes one line per request with method, path, route, status and time, and no headers", async () => {
    const token = await keys.token(["developer"]);
    lines.length = 0;
    await app.inject({
      url: "/marketplace/instances?page=1&pageSize=5",
      headers: { authorization: `Bearer ${token}`, "x-request-id": "log-line-1" },
    });
    const mine = lines.filter((line) => line.reqId === "log-line-1");
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      msg: "request",
      method: "GET",
      url: "/marketplace/instances?page=1&pageSize=5",
      route: "/marketplace/instances",
      statusCode: 200,
    });
    expect(typeof mine[0]!.ms).toBe("number");
    expect(JSON.stringify(mine)).not.toContain(token);
  });

  it("names unmatched routes as such", async () => {
    lines.length = 0;
    await app.inject({ url: "/nowhere", headers: { "x-request-id": "log-line-2" } });
    expect(lines.filter((line) => line.reqId === "log-line-2" && line.msg === "request")).toEqual([
      expect.objectContaining({ msg: "request", route: "unmatched", statusCode: 404 }),
    ]);
  });
});

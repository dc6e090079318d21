import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, createTestKeys, expectProblem, type TestKeys } from "../../testing/test-kit";
import type { ZodApp } from "../../zod-app";

let keys: TestKeys;
let app: ZodApp;
let catalogueUp = true;

beforeAll(async () => {
  keys = await createTestKeys();
  app = await buildTestApp({ keys, health: { catalogue: { check: async () => catalogueUp } } });
});
afterAll(() => app.close());

describe("health endpoints", () => {
  it("is live without credentials", async () => {
    const response = await app.inject({ url: "/healthz" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: "ok" });
  });

  it("is ready only while every upstream is serving", async () => {
    const ready = await app.inject({ url: "/readyz" });
    expect(ready.statusCode).toBe(200);
    expect(Object.values(ready.json().upstreams)).toEqual(Array(7).fill(true));

    catalogueUp = false;
    const notReady = await app.inject({ url: "/readyz" });
    expect(notReady.headers["retry-after"]).toBe("5");
    const body = expectProblem(notReady, 503, "upstream-unavailable");
    expect(body.upstreams).toMatchObject({ catalogue: false, publishing: true, "iot-adapter": true });
    catalogueUp = true;
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  buildTestApp,
  createTestKeys,
  expectProblem,
  fakeCatalogue,
  ORG_B,
  type TestKeys,
} from "../testing/test-kit";
import type { ZodApp } from "../zod-app";

const LIMIT = 3;
let keys: TestKeys;
let app: ZodApp;

beforeAll(async () => {
  keys = await createTestKeys();
  const catalogue = fakeCatalogue(() => ({ items: [], page: 1, pageSize: 20, totalCount: 0, totalPages: 0 }));
  app = await buildTestApp({
    keys,
    catalogue: catalogue.client,
    env: { RATE_LIMIT_PER_MINUTE: String(LIMIT) },
  });
});
afterAll(() => app.close());

describe("rate limit", () => {
  it("answers 429 with Retry-After once an organisation's budget is spent, and only for that organisation", async () => {
    const orgA = { authorization: `Bearer ${await keys.token(["developer"])}` };
    for (let n = 0; n < LIMIT; n++) {
      expect((await app.inject({ url: "/marketplace/instances", headers: orgA })).statusCode).toBe(200);
    }
    const limited = await app.inject({ url: "/marketplace/instances", headers: orgA });
    expectProblem(limited, 429, "rate-limited");
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);

    // Another token of the same organisation shares the budget; another organisation does not.
    const sameOrg = { authorization: `Bearer ${await keys.token(["admin"])}` };
    expectProblem(await app.inject({ url: "/marketplace/instances", headers: sameOrg }), 429, "rate-limited");
    const orgB = { authorization: `Bearer ${await keys.token(["developer"], { org: ORG_B })}` };
    expect((await app.inject({ url: "/marketplace/instances", headers: orgB })).statusCode).toBe(200);
  });

  it("never limits health checks", async () => {
    for (let n = 0; n < LIMIT + 2; n++) expect((await app.inject({ url: "/healthz" })).statusCode).toBe(200);
  });
});

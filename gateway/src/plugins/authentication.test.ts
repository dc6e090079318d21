import { generateApiKey } from "@mp/auth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SettlementsClient } from "../clients";
import type { ApiKeyRepository } from "../infra/api-key.repository";
import {
  buildTestApp,
  createTestKeys,
  expectProblem,
  fakeCatalogue,
  fakeClients,
  fakeUpstream,
  memoryApiKeys,
  ORG_A,
  type TestKeys,
} from "../testing/test-kit";
import type { ZodApp } from "../zod-app";

let keys: TestKeys;
let app: ZodApp;
let apiKeys: ApiKeyRepository;
const catalogue = fakeCatalogue(() => ({ items: [], page: 1, pageSize: 20, totalCount: 0, totalPages: 0 }));

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function storeKey(roles: ("developer" | "provider" | "admin")[]) {
  const generated = generateApiKey("test");
  const id = crypto.randomUUID();
  await apiKeys.create({
    id,
    organisationId: ORG_A,
    name: "ci",
    roles,
    keyHash: generated.hash,
    prefix: generated.prefix,
    createdBy: "user-1",
    expiresAt: null,
  });
  return { key: generated.key, id };
}

beforeAll(async () => {
  keys = await createTestKeys();
  apiKeys = memoryApiKeys();
  app = await buildTestApp({ keys, catalogue: catalogue.client, apiKeys });
});
afterAll(() => app.close());

function expectUnauthenticated(response: Awaited<ReturnType<ZodApp["inject"]>>) {
  expectProblem(response, 401, "unauthenticated");
  expect(response.headers["www-authenticate"]).toMatch(/^Bearer/);
}

describe("authentication", () => {
  const url = "/marketplace/instances";

  it("refuses a request without credentials", async () => {
    expectUnauthenticated(await app.inject({ url }));
  });

  it("refuses a token with a bad signature, an expired one and one for another audience", async () => {
    const tokens = [
      await keys.token(["developer"], { foreign: true }),
      await keys.token(["developer"], { expiresIn: -120 }),
      await keys.token(["developer"], { audience: "another-api" }),
      "not.a.jwt",
    ];
    for (const token of tokens) expectUnauthenticated(await app.inject({ url, headers: bearer(token) }));
  });

  it("refuses other authorization schemes", async () => {
    expectUnauthenticated(await app.inject({ url, headers: { authorization: "Basic dXNlcjpwYXNz" } }));
  });

  it("accepts an API key alone or as Bearer <key>, and refuses unknown and revoked keys", async () => {
    const { key, id } = await storeKey(["provider"]);
    expect((await app.inject({ url, headers: { "x-api-key": key } })).statusCode).toBe(200);
    expect((await app.inject({ url, headers: { "x-api-key": `Bearer ${key}` } })).statusCode).toBe(200);
    expectUnauthenticated(await app.inject({ url, headers: { "x-api-key": generateApiKey("test").key } }));
    expectUnauthenticated(await app.inject({ url, headers: { "x-api-key": "mk_test_short" } }));

    await apiKeys.revoke(ORG_A, id);
    expectUnauthenticated(await app.inject({ url, headers: { "x-api-key": key } }));
  });

  it("uses the bearer token when both headers are sent", async () => {
    const { key } = await storeKey(["admin"]);
    const expired = await keys.token(["admin"], { expiresIn: -120 });
    expectUnauthenticated(await app.inject({ url, headers: { ...bearer(expired), "x-api-key": key } }));
    const good = await keys.token(["developer"]);
    const response = await app.inject({ url, headers: { ...bearer(good), "x-api-key": key } });
    expect(response.statusCode).toBe(200);
    expect(catalogue.calls.at(-1)?.ctx.principal).toMatchObject({ via: "jwt", roles: ["developer"] });
  });

  it("refuses a caller without the route's role with 403", async () => {
    const response = await app.inject({
      method: "POST",
      url,
      headers: bearer(await keys.token(["provider", "developer"])),
      payload: { name: "EU", defaultCurrency: "EUR", platformFeeBps: 500 },
    });
    expectProblem(response, 403, "forbidden");
  });

  it("checks credentials and roles before answering 501 on a route not built yet", async () => {
    const pending = "/marketplace/developers/marketplace-items";
    expectUnauthenticated(await app.inject({ url: pending }));
    expectProblem(
      await app.inject({ url: pending, headers: bearer(await keys.token(["provider"])) }),
      403,
      "forbidden",
    );
    expectProblem(
      await app.inject({ url: pending, headers: bearer(await keys.token(["developer"])) }),
      501,
      "not-implemented",
    );
  });

  it("authenticates before reading the body", async () => {
    const response = await app.inject({
      method: "POST",
      url,
      headers: { "content-type": "application/json" },
      payload: "{not json",
    });
    expectUnauthenticated(response);
  });

  it("lets payment notifications in without a credential", async () => {
    // The gateway hands notifications to settlements in batches (one here): every one is stored.
    const settlements = fakeUpstream<SettlementsClient>((method, request) =>
      method === "receivePaymentEvents"
        ? {
            results: (request.events as unknown[]).map(() => ({
              accepted: true,
              eventId: "evt_1",
              stored: true,
              errorCode: "",
            })),
          }
        : { eventId: "evt_1", stored: true },
    );
    const open = await buildTestApp({
      keys,
      clients: fakeClients(catalogue.client, {}, { settlements: settlements.client }),
    });
    const response = await open.inject({
      method: "POST",
      url: "/marketplace/webhooks/stripe",
      payload: { id: "evt_1", type: "checkout.session.completed" },
    });
    await open.close();
    expect(response.statusCode, response.body).toBe(204);
    expect(settlements.calls).toHaveLength(1);
  });
});

import { createHash } from "node:crypto";
import { createPool, migrate, migrationsFromDir, type Pool } from "@mp/db";
import { freshInfra, type TestInfra, waitFor } from "@mp/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pgApiKeyRepository } from "../../infra/api-key.repository";
import { GATEWAY_SCHEMA, MIGRATIONS_DIR } from "../../server";
import {
  buildTestApp,
  createTestKeys,
  expectProblem,
  fakeCatalogue,
  ORG_A,
  ORG_B,
  type TestKeys,
} from "../../testing/test-kit";
import type { ZodApp } from "../../zod-app";

let infra: TestInfra;
let pool: Pool;
let keys: TestKeys;
let app: ZodApp;
const catalogue = fakeCatalogue(() => ({ items: [], page: 1, pageSize: 20, totalCount: 0, totalPages: 0 }));
let developer: Record<string, string>;
let otherOrg: Record<string, string>;

beforeAll(async () => {
  infra = await freshInfra("gateway_keys");
  pool = createPool({ url: infra.databaseUrl, schema: GATEWAY_SCHEMA });
  await migrate(pool, GATEWAY_SCHEMA, await migrationsFromDir(MIGRATIONS_DIR, "gateway"));
  keys = await createTestKeys();
  app = await buildTestApp({ keys, catalogue: catalogue.client, apiKeys: pgApiKeyRepository(pool) });
  developer = { authorization: `Bearer ${await keys.token(["developer", "provider"])}` };
  otherOrg = { authorization: `Bearer ${await keys.token(["developer", "provider"], { org: ORG_B })}` };
});
afterAll(async () => {
  await app?.close();
  await pool?.end();
  await infra?.cleanup();
});

const createKey = (headers: Record<string, string>, payload: unknown) =>
  app.inject({ method: "POST", url: "/marketplace/api-keys", headers, payload: payload as string });

describe("API keys", () => {
  it("shows a new key once, stores only its digest, and authenticates with it in both header forms", async () => {
    const created = await createKey(developer, { name: " CI deploys ", roles: ["provider"] });
    expect(created.statusCode).toBe(200);
    const body = created.json();
    expect(body).toMatchObject({ name: "CI deploys", roles: ["provider"], createdAt: expect.any(String) });
    expect(body.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-/);
    expect(body.key).toMatch(/^mk_test_[0-9A-Za-z]{32,}$/);

    const { rows } = await pool.query(
      "SELECT key_hash, prefix, organisation_id FROM api_keys WHERE id = $1",
      [body.id],
    );
    expect(rows[0].key_hash.equals(createHash("sha256").update(body.key).digest())).toBe(true);
    expect(rows[0].organisation_id).toBe(ORG_A);
    expect(JSON.stringify(rows)).not.toContain(body.key);

    for (const header of [body.key, `Bearer ${body.key}`]) {
      const response = await app.inject({ url: "/marketplace/instances", headers: { "x-api-key": header } });
      expect(response.statusCode).toBe(200);
      expect(catalogue.calls.at(-1)?.ctx.principal).toEqual({
        subject: `api-key:${body.id}`,
        organisationId: ORG_A,
        roles: ["provider"],
        via: "api-key",
      });
    }
    await waitFor(async () => {
      const used = await pool.query("SELECT last_used_at FROM api_keys WHERE id = $1", [body.id]);
      return used.rows[0].last_used_at ?? undefined;
    });
  });

  it("lists the organisation's keys without the key, paged", async () => {
    await createKey(developer, { name: "second", roles: ["developer", "provider"] });
    const response = await app.inject({
      url: "/marketplace/api-keys?pageSize=1&orderBy=name&direction=asc",
      headers: developer,
    });
    expect(response.statusCode).toBe(200);
    const page = response.json();
    expect(page).toMatchObject({ page: 1, pageSize: 1, totalCount: 2, totalPages: 2 });
    expect(page.items[0]).toMatchObject({ name: "CI deploys", prefix: expect.stringMatching(/^mk_test_/) });
    expect(response.body).not.toMatch(/"key"/);
    const foreign = await app.inject({ url: "/marketplace/api-keys", headers: otherOrg });
    expect(foreign.json().totalCount).toBe(0);
  });

  it("refuses roles the creator lacks, also when the creator is a key", async () => {
    expectProblem(await createKey(developer, { name: "escalate", roles: ["admin"] }), 403, "forbidden");
    const providerKey = (await createKey(developer, { name: "p", roles: ["provider"] })).json().key;
    expectProblem(
      await createKey({ "x-api-key": providerKey }, { name: "escalate", roles: ["developer"] }),
      403,
      "forbidden",
    );
    expect(
      (await createKey({ "x-api-key": providerKey }, { name: "same", roles: ["provider"] })).statusCode,
    ).toBe(200);
  });

  it("validates the body", async () => {
    const body = expectProblem(
      await createKey(developer, { name: "", roles: [], key: "mine" }),
      400,
      "validation-failed",
    );
    expect(Object.keys(body.errors as object).sort()).toEqual(["body.key", "body.name", "body.roles"]);
    expectProblem(
      await createKey(developer, { name: "x", roles: ["provider", "provider"] }),
      400,
      "validation-failed",
    );
  });

  it("revokes a key, which stops working at once; another organisation sees a 404", async () => {
    const { id, key } = (await createKey(developer, { name: "short-lived", roles: ["developer"] })).json();
    expectProblem(
      await app.inject({ method: "DELETE", url: `/marketplace/api-keys/${id}`, headers: otherOrg }),
      404,
      "not-found",
    );
    expect(
      (await app.inject({ url: "/marketplace/instances", headers: { "x-api-key": key } })).statusCode,
    ).toBe(200);

    const revoked = await app.inject({
      method: "DELETE",
      url: `/marketplace/api-keys/${id.toUpperCase()}`,
      headers: developer,
    });
    expect(revoked.statusCode).toBe(204);
    expect(revoked.body).toBe("");
    const refused = await app.inject({ url: "/marketplace/instances", headers: { "x-api-key": key } });
    expectProblem(refused, 401, "unauthenticated");
    expect(refused.headers["www-authenticate"]).toMatch(/^Bearer/);
    const list = await app.inject({ url: "/marketplace/api-keys?pageSize=100", headers: developer });
    expect(list.json().items.map((k: { id: string }) => k.id)).not.toContain(id);
    expect(
      (await app.inject({ method: "DELETE", url: `/marketplace/api-keys/${id}`, headers: developer }))
        .statusCode,
    ).toBe(204);
    const unknown = "0193a1b2-0000-7000-8000-0000000000ff";
    expectProblem(
      await app.inject({ method: "DELETE", url: `/marketplace/api-keys/${unknown}`, headers: developer }),
      404,
      "not-found",
    );
  });

  it("issues live keys in production", async () => {
    const production = await buildTestApp({ keys, apiKeys: pgApiKeyRepository(pool), production: true });
    try {
      const response = await production.inject({
        method: "POST",
        url: "/marketplace/api-keys",
        headers: developer,
        payload: { name: "live", roles: ["developer"] },
      });
      expect(response.json().key).toMatch(/^mk_live_[0-9A-Za-z]{32,}$/);
    } finally {
      await production.close();
    }
  });
});

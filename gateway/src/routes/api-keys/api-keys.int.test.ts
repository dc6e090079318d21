import { createHash } from "node:crypto";
import { generateApiKey } from "@mp/auth";
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

const DAY_MS = 86_400_000;
let infra: TestInfra;
let pool: Pool;
let keys: TestKeys;
let app: ZodApp;
const catalogue = fakeCatalogue(() => ({ items: [], page: 1, pageSize: 20, totalCount: 0, totalPages: 0 }));
let developer: Record<string, string>;
let colleague: Record<string, string>;
let admin: Record<string, string>;
let otherOrg: Record<string, string>;

beforeAll(async () => {
  infra = await freshInfra("gateway_keys");
  pool = createPool({ url: infra.databaseUrl, schema: GATEWAY_SCHEMA });
  await migrate(pool, GATEWAY_SCHEMA, await migrationsFromDir(MIGRATIONS_DIR, "gateway"));
  keys = await createTestKeys();
  app = await buildTestApp({ keys, catalogue: catalogue.client, apiKeys: pgApiKeyRepository(pool) });
  developer = { authorization: `Bearer ${await keys.token(["developer", "provider"])}` };
  colleague = {
    authorization: `Bearer ${await keys.token(["developer", "provider"], { subject: "user-2" })}`,
  };
  admin = { authorization: `Bearer ${await keys.token(["admin"], { subject: "user-3" })}` };
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
    expect(body).toMatchObject({
      name: "CI deploys",
      roles: ["provider"],
      createdBy: "user-1",
      createdAt: expect.any(String),
      expiresAt: expect.any(String),
    });
    // No expiry asked for: the key lives 90 days from its creation.
    expect(Date.parse(body.expiresAt) - Date.parse(body.createdAt)).toBeGreaterThan(90 * DAY_MS - 5_000);
    expect(Date.parse(body.expiresAt) - Date.parse(body.createdAt)).toBeLessThan(90 * DAY_MS + 5_000);
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

  it("refuses roles the creator lacks", async () => {
    expectProblem(await createKey(developer, { name: "escalate", roles: ["admin"] }), 403, "forbidden");
  });

  it("creates and revokes keys only with a user's token, never with another key", async () => {
    const { id, key } = (await createKey(developer, { name: "p", roles: ["provider"] })).json();
    const withKey = { "x-api-key": key };
    const minted = expectProblem(
      await createKey(withKey, { name: "same", roles: ["provider"] }),
      403,
      "forbidden",
    );
    expect(minted.detail).toMatch(/user's access token/);
    expectProblem(
      await app.inject({ method: "DELETE", url: `/marketplace/api-keys/${id}`, headers: withKey }),
      403,
      "forbidden",
    );
    // The key still works: the refused revocation changed nothing.
    expect((await app.inject({ url: "/marketplace/api-keys", headers: withKey })).statusCode).toBe(200);
  });

  it("lets only the creator or an admin revoke a key", async () => {
    const { id, key } = (await createKey(developer, { name: "mine", roles: ["developer"] })).json();
    expectProblem(
      await app.inject({ method: "DELETE", url: `/marketplace/api-keys/${id}`, headers: colleague }),
      403,
      "forbidden",
    );
    expect(
      (await app.inject({ url: "/marketplace/instances", headers: { "x-api-key": key } })).statusCode,
    ).toBe(200);
    const byAdmin = await app.inject({
      method: "DELETE",
      url: `/marketplace/api-keys/${id}`,
      headers: admin,
    });
    expect(byAdmin.statusCode).toBe(204);
    expectProblem(
      await app.inject({ url: "/marketplace/instances", headers: { "x-api-key": key } }),
      401,
      "unauthenticated",
    );
    const own = (await createKey(colleague, { name: "theirs", roles: ["provider"] })).json();
    expect(
      (await app.inject({ method: "DELETE", url: `/marketplace/api-keys/${own.id}`, headers: colleague }))
        .statusCode,
    ).toBe(204);
    // A key from before creators were recorded: only an admin may revoke it.
    const legacy = (await createKey(developer, { name: "legacy", roles: ["developer"] })).json();
    await pool.query("UPDATE api_keys SET created_by = NULL WHERE id = $1", [legacy.id]);
    expectProblem(
      await app.inject({ method: "DELETE", url: `/marketplace/api-keys/${legacy.id}`, headers: developer }),
      403,
      "forbidden",
    );
    const otherAdmin = {
      authorization: `Bearer ${await keys.token(["admin"], { org: ORG_B, subject: "user-3" })}`,
    };
    expectProblem(
      await app.inject({ method: "DELETE", url: `/marketplace/api-keys/${legacy.id}`, headers: otherAdmin }),
      404,
      "not-found",
    );
  });

  it("takes an optional expiry in the future, bounded, after which the key answers 401", async () => {
    const inAnHour = new Date(Date.now() + 3_600_000).toISOString();
    const created = await createKey(developer, { name: "temp", roles: ["developer"], expiresAt: inAnHour });
    expect(created.statusCode, created.body).toBe(200);
    const { id, key, expiresAt } = created.json();
    expect(expiresAt).toBe(inAnHour);
    const headers = { "x-api-key": key };
    expect((await app.inject({ url: "/marketplace/instances", headers })).statusCode).toBe(200);
    const listed = (
      await app.inject({ url: "/marketplace/api-keys?pageSize=100", headers: developer })
    ).json();
    expect(listed.items.find((k: { id: string }) => k.id === id)).toMatchObject({ expiresAt: inAnHour });

    await pool.query("UPDATE api_keys SET expires_at = now() - interval '1 second' WHERE id = $1", [id]);
    const expired = expectProblem(
      await app.inject({ url: "/marketplace/instances", headers }),
      401,
      "unauthenticated",
    );
    expect(expired.detail).toMatch(/expired/);

    // Up to one year away is accepted; a minute past it is not.
    const inAYear = new Date();
    inAYear.setUTCFullYear(inAYear.getUTCFullYear() + 1);
    const almostAYear = new Date(inAYear.getTime() - 60_000).toISOString();
    const yearly = await createKey(developer, {
      name: "yearly",
      roles: ["developer"],
      expiresAt: almostAYear,
    });
    expect(yearly.statusCode, yearly.body).toBe(200);
    expect(yearly.json().expiresAt).toBe(almostAYear);

    const past = new Date(Date.now() - 1000).toISOString();
    const overAYear = new Date(inAYear.getTime() + 60_000).toISOString();
    const farAway = new Date(Date.now() + 400 * DAY_MS).toISOString();
    for (const bad of [past, overAYear, farAway, "tomorrow"]) {
      const body = expectProblem(
        await createKey(developer, { name: "x", roles: ["developer"], expiresAt: bad }),
        400,
        "validation-failed",
      );
      expect(Object.keys(body.errors as object)).toEqual(["body.expiresAt"]);
    }
  });

  it("refuses a live key outside production, and names control characters in the name", async () => {
    const live = generateApiKey("live");
    await pool.query(
      `INSERT INTO api_keys (id, organisation_id, name, roles, key_hash, prefix, created_by)
       VALUES ($1, $2, 'live', '{developer}', $3, $4, 'user-1')`,
      ["0193a1b2-0000-7000-8000-0000000000aa", ORG_A, live.hash, live.prefix],
    );
    const refused = expectProblem(
      await app.inject({ url: "/marketplace/instances", headers: { "x-api-key": live.key } }),
      401,
      "unauthenticated",
    );
    expect(refused.detail).toMatch(/mk_test_/);
    const body = expectProblem(
      await createKey(developer, { name: "ci\u0000", roles: ["developer"] }),
      400,
      "validation-failed",
    );
    expect(Object.keys(body.errors as object)).toEqual(["body.name"]);
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

  it("answers 503 with Retry-After, not 500, while the key database cannot be reached", async () => {
    const down = createPool({ url: "postgres://postgres@127.0.0.1:1/postgres", schema: GATEWAY_SCHEMA });
    const sick = await buildTestApp({ keys, apiKeys: pgApiKeyRepository(down) });
    try {
      const byKey = await sick.inject({
        url: "/marketplace/instances",
        headers: { "x-api-key": generateApiKey("test").key },
      });
      const body = expectProblem(byKey, 503, "upstream-unavailable");
      expect(Number(byKey.headers["retry-after"])).toBeGreaterThan(0);
      expect(JSON.stringify(body)).not.toMatch(/ECONNREFUSED|127\.0\.0\.1/);
      expectProblem(
        await sick.inject({ url: "/marketplace/api-keys", headers: developer }),
        503,
        "upstream-unavailable",
      );
    } finally {
      await sick.close();
      await down.end();
    }
  });

  it("issues and accepts live keys in production, and refuses test keys there", async () => {
    const production = await buildTestApp({ keys, apiKeys: pgApiKeyRepository(pool), production: true });
    try {
      const response = await production.inject({
        method: "POST",
        url: "/marketplace/api-keys",
        headers: developer,
        payload: { name: "live", roles: ["developer"] },
      });
      expect(response.statusCode, response.body).toBe(200);
      const live = response.json().key;
      expect(live).toMatch(/^mk_live_[0-9A-Za-z]{32,}$/);
      const instances = await production.inject({
        url: "/marketplace/api-keys",
        headers: { "x-api-key": live },
      });
      expect(instances.statusCode).toBe(200);
      const testKey = (await createKey(developer, { name: "test", roles: ["developer"] })).json().key;
      expectProblem(
        await production.inject({ url: "/marketplace/api-keys", headers: { "x-api-key": testKey } }),
        401,
        "unauthenticated",
      );
    } finally {
      await production.close();
    }
  });
});

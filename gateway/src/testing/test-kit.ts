import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type AccessTokenVerifier, createAccessTokenVerifier, localJwks } from "@mp/auth";
import type { Role } from "@mp/contracts";
import { AppError, NotFoundError, type Problem } from "@mp/errors";
import { createLogger, type Logger } from "@mp/logger";
import type { LightMyRequestResponse } from "fastify";
import { type CryptoKey, exportJWK, generateKeyPair, type JWTPayload, SignJWT } from "jose";
import { afterAll, beforeAll, expect } from "vitest";
import { buildApp } from "../app";
import type { CatalogueClient, GatewayClients, UpstreamProbe } from "../clients";
import { type GatewayConfig, loadGatewayConfig, SERVICE_NAMES, type ServiceName } from "../config";
import type { ApiKeyRecord, ApiKeyRepository } from "../infra/api-key.repository";
import type { RateLimitStore } from "../infra/rate-limit.store";
import type { ZodApp } from "../zod-app";

export const TEST_ISSUER = "https://auth.marketplace.local";
export const TEST_AUDIENCE = "marketplace-api";
export const ORG_A = "0193a1b2-0000-7000-8000-00000000000a";
export const ORG_B = "0193a1b2-0000-7000-8000-00000000000b";

export interface TestKeys {
  jwksPath: string;
  /** A token for `org` with `roles`; `options` bend it into the invalid shapes tests need. */
  token(
    roles: Role[],
    options?: {
      org?: string;
      claims?: JWTPayload;
      expiresIn?: number;
      audience?: string;
      foreign?: boolean;
      /** `sub`; default `user-1`. */
      subject?: string;
    },
  ): Promise<string>;
}

/** An ES256 key pair with its public JWKS written to a temporary file, as AUTH_JWKS_FILE reads it. */
export async function createTestKeys(): Promise<TestKeys> {
  const { privateKey, publicKey } = await generateKeyPair("ES256");
  const foreign: CryptoKey = (await generateKeyPair("ES256")).privateKey;
  const jwksPath = join(await mkdtemp(join(tmpdir(), "gateway-test-")), "jwks.json");
  await writeFile(
    jwksPath,
    JSON.stringify({ keys: [{ ...(await exportJWK(publicKey)), kid: "k1", alg: "ES256" }] }),
  );
  return {
    jwksPath,
    token(roles, options = {}) {
      const now = Math.floor(Date.now() / 1000);
      return new SignJWT(options.claims ?? { org: options.org ?? ORG_A, roles })
        .setProtectedHeader({ alg: "ES256", kid: "k1" })
        .setIssuer(TEST_ISSUER)
        .setAudience(options.audience ?? TEST_AUDIENCE)
        .setSubject(options.subject ?? "user-1")
        .setIssuedAt(now - 600)
        .setExpirationTime(now + (options.expiresIn ?? 600))
        .sign(options.foreign ? foreign : privateKey);
    },
  };
}

export function testConfig(keys: TestKeys, env: Record<string, string> = {}): GatewayConfig {
  return loadGatewayConfig({
    NODE_ENV: "development",
    LOG_LEVEL: process.env.LOG_LEVEL ?? "silent",
    AUTH_ISSUER: TEST_ISSUER,
    AUTH_AUDIENCE: TEST_AUDIENCE,
    AUTH_JWKS_FILE: keys.jwksPath,
    ...env,
  });
}

type CatalogueCall = (method: string, request: unknown) => unknown;

/** A call an upstream fake received, with the context (principal, request id) the route passed. */
export interface RecordedCall {
  method: string;
  request: Record<string, unknown>;
  ctx: { requestId: string; principal?: { organisationId: string } };
}

/**
 * A fake of any upstream client (`C` is the client type a route takes): every call is recorded and answered
 * by `handler`, which may throw an AppError as the real service would.
 */
export function fakeUpstream<C>(handler: (method: string, request: Record<string, unknown>) => unknown) {
  const calls: RecordedCall[] = [];
  const client = {
    call: async (method: string, request: Record<string, unknown>, ctx: RecordedCall["ctx"]) => {
      calls.push({ method, request, ctx });
      return handler(method, request);
    },
  } as unknown as C;
  return { client, calls };
}

/** A catalogue client answering from `handler`, recording each call with the context it was given. */
export function fakeCatalogue(handler: CatalogueCall) {
  return fakeUpstream<CatalogueClient>(handler);
}

/** An upstream that is not part of a test: any call fails as not implemented. */
export function absentClient<C>(): C {
  return {
    call: async () => {
      throw new AppError("not-implemented", "This upstream is not part of the test.");
    },
  } as unknown as C;
}

export function fakeClients(
  catalogue: CatalogueClient,
  health: Partial<Record<ServiceName, UpstreamProbe>> = {},
  others: Partial<
    Pick<
      GatewayClients,
      | "catalogueItems"
      | "publishing"
      | "assets"
      | "publishingReleases"
      | "listings"
      | "settlements"
      | "statements"
      | "purchases"
      | "earnings"
      | "webhooks"
    >
  > = {},
): GatewayClients {
  return {
    catalogue,
    catalogueItems: others.catalogueItems ?? absentClient(),
    publishing: others.publishing ?? absentClient(),
    assets: others.assets ?? absentClient(),
    publishingReleases: others.publishingReleases ?? absentClient(),
    listings: others.listings ?? absentClient(),
    settlements: others.settlements ?? absentClient(),
    statements: others.statements ?? absentClient(),
    purchases: others.purchases ?? absentClient(),
    earnings: others.earnings ?? absentClient(),
    webhooks: others.webhooks ?? absentClient(),
    health: Object.fromEntries(
      SERVICE_NAMES.map((name) => [name, health[name] ?? { check: async () => true }]),
    ) as Record<ServiceName, UpstreamProbe>,
    close: () => {},
  };
}

/** API keys in memory, for unit tests; the PostgreSQL repository has its own integration test. */
export function memoryApiKeys(): ApiKeyRepository {
  const rows: (ApiKeyRecord & { keyHash: Buffer })[] = [];
  return {
    async create(key) {
      const record = { ...key, createdAt: new Date(), lastUsedAt: null, revokedAt: null };
      rows.push(record);
      return record;
    },
    async get(organisationId, id) {
      return rows.find((r) => r.id === id && r.organisationId === organisationId);
    },
    async listActive(organisationId, query) {
      const items = rows.filter((r) => r.organisationId === organisationId && !r.revokedAt);
      const start = (query.page - 1) * query.pageSize;
      return {
        items: items.slice(start, start + query.pageSize),
        page: query.page,
        pageSize: query.pageSize,
        totalCount: items.length,
        totalPages: Math.ceil(items.length / query.pageSize),
      };
    },
    async revoke(organisationId, id) {
      const row = rows.find((r) => r.id === id && r.organisationId === organisationId);
      if (row) row.revokedAt ??= new Date();
      return row !== undefined;
    },
    async findByHash(hash) {
      return rows.find((r) => r.keyHash.equals(hash));
    },
    async markUsed() {},
  };
}

export const notFoundCatalogue: CatalogueCall = () => {
  throw new NotFoundError("Instance");
};

/** What `buildTestApp` builds the app from. */
export interface TestAppOptions {
  keys: TestKeys;
  catalogue?: CatalogueClient;
  health?: Partial<Record<ServiceName, UpstreamProbe>>;
  apiKeys?: ApiKeyRepository;
  env?: Record<string, string>;
  clients?: GatewayClients;
  /** NODE_ENV=production (a JWKS URL, never fetched: tokens are still checked against the test keys). */
  production?: boolean;
  /** Token verification other than the test keys' (a spy counting calls). */
  tokens?: AccessTokenVerifier;
  /** Rate-limit counters shared with another app (Redis), instead of the app's own memory. */
  rateLimitStore?: RateLimitStore;
  /** A logger whose lines the test reads; silent by default. */
  logger?: Logger;
}

/** The app as tests drive it with `inject`: real plugins and routes, fake upstreams. */
export async function buildTestApp(options: TestAppOptions): Promise<ZodApp> {
  const config = options.production
    ? loadGatewayConfig({
        NODE_ENV: "production",
        LOG_LEVEL: "silent",
        // Production refuses the development issuer; tokens are checked by the verifier below.
        AUTH_ISSUER: "https://auth.invalid",
        AUTH_AUDIENCE: TEST_AUDIENCE,
        AUTH_JWKS_URL: "https://auth.invalid/jwks.json",
        ...options.env,
      })
    : testConfig(options.keys, options.env);
  return buildApp({
    config,
    logger: options.logger ?? createLogger({ service: "gateway-test", level: config.LOG_LEVEL }),
    clients:
      options.clients ??
      fakeClients(options.catalogue ?? fakeCatalogue(notFoundCatalogue).client, options.health),
    apiKeys: options.apiKeys ?? memoryApiKeys(),
    tokens:
      options.tokens ??
      createAccessTokenVerifier({
        issuer: TEST_ISSUER,
        audience: TEST_AUDIENCE,
        keys: await localJwks(options.keys.jwksPath),
      }),
    ...(options.rateLimitStore ? { rateLimitStore: options.rateLimitStore } : {}),
  });
}

/** A test file's app and keys, set once its `beforeAll` has run. */
export interface TestApp {
  readonly app: ZodApp;
  readonly keys: TestKeys;
}

/**
 * Registers the file's `beforeAll` (test keys, then the app built from `options`) and `afterAll` (the app
 * closed), for files that drive one app through `inject`. Read `app` and `keys` inside tests and hooks.
 */
export function useTestApp(options: Omit<TestAppOptions, "keys"> = {}): TestApp {
  let built: { app: ZodApp; keys: TestKeys } | undefined;
  const ready = () => {
    if (!built) throw new Error("useTestApp: the app is built in beforeAll");
    return built;
  };
  beforeAll(async () => {
    const keys = await createTestKeys();
    built = { keys, app: await buildTestApp({ ...options, keys }) };
  });
  afterAll(() => built?.app.close());
  return {
    get app() {
      return ready().app;
    },
    get keys() {
      return ready().keys;
    },
  };
}

/**
 * Assert the contract's problem shape (section 2): media type, every standard member, the request path as
 * `instance`, a trace id, and the request id header. Returns the body for further checks.
 */
export function expectProblem(response: LightMyRequestResponse, status: number, code: string): Problem {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.headers["content-type"]).toMatch(/^application\/problem\+json/);
  expect(response.headers["x-request-id"]).toBeTruthy();
  const body = response.json<Problem>();
  expect(body).toMatchObject({
    type: expect.stringMatching(new RegExp(`/${code}$`)),
    title: expect.any(String),
    status,
    detail: expect.any(String),
    code,
    traceId: expect.stringMatching(/^[0-9a-f]{32}$/),
  });
  expect(body.instance).toBe(new URL(response.raw.req.url ?? "/", "http://x").pathname);
  expect(JSON.stringify(body)).not.toMatch(/at .*\.ts:\d+|stack/i);
  return body;
}

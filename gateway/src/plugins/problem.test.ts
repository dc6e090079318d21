import { AppError, ConflictError, NotFoundError, UpstreamUnavailableError } from "@mp/errors";
import { createLogger } from "@mp/logger";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  buildTestApp,
  createTestKeys,
  expectProblem,
  fakeCatalogue,
  type TestKeys,
} from "../testing/test-kit";
import type { ZodApp } from "../zod-app";

const KNOWN_ID = "0193a1b2-0000-7000-8000-0000000000aa";
let failure: unknown;
const catalogue = fakeCatalogue((method, request) => {
  if (failure) throw failure;
  if (method === "getInstance" && (request as { id: string }).id !== KNOWN_ID)
    throw new NotFoundError("Instance");
  return { items: [], page: 1, pageSize: 20, totalCount: 0, totalPages: 0 };
});

let keys: TestKeys;
let app: ZodApp;
let admin: Record<string, string>;
/** Every line the app logged, parsed. */
const logLines: Record<string, unknown>[] = [];

beforeAll(async () => {
  keys = await createTestKeys();
  const logger = createLogger({
    service: "gateway-test",
    level: "info",
    destination: { write: (line: string) => logLines.push(JSON.parse(line)) },
  });
  app = await buildTestApp({ keys, catalogue: catalogue.client, logger });
  admin = { authorization: `Bearer ${await keys.token(["admin", "developer"])}` };
});
afterAll(() => app.close());

const create = (payload: unknown, headers: Record<string, string> = {}) =>
  app.inject({
    method: "POST",
    url: "/marketplace/instances",
    headers: { ...admin, ...headers },
    payload: payload as string,
  });

describe("validation problems", () => {
  it("names each bad body field and each unknown one", async () => {
    const body = expectProblem(
      await create({ name: "  ", defaultCurrency: "eur", platformFeeBps: 5001, owner: "me" }),
      400,
      "validation-failed",
    );
    expect(Object.keys(body.errors as object).sort()).toEqual(
      ["body.defaultCurrency", "body.name", "body.owner", "body.platformFeeBps"].sort(),
    );
    expect((body.errors as Record<string, string[]>)["body.owner"]).toEqual(["Unknown field."]);
  });

  it("refuses a fractional fee and an unknown currency", async () => {
    const body = expectProblem(
      await create({ name: "EU", defaultCurrency: "XXX", platformFeeBps: 1.5 }),
      400,
      "validation-failed",
    );
    expect(Object.keys(body.errors as object).sort()).toEqual([
      "body.defaultCurrency",
      "body.platformFeeBps",
    ]);
  });

  it("refuses out-of-bounds and malformed query values instead of clamping them", async () => {
    for (const [query, field] of [
      ["pageSize=0", "query.pageSize"],
      ["pageSize=101", "query.pageSize"],
      ["page=10001", "query.page"],
      ["page=1e1", "query.page"],
      ["orderBy=owner", "query.orderBy"],
      ["direction=up", "query.direction"],
    ] as const) {
      const response = await app.inject({ url: `/marketplace/instances?${query}`, headers: admin });
      expect(Object.keys(expectProblem(response, 400, "validation-failed").errors as object)).toEqual([
        field,
      ]);
    }
  });

  it("names a path parameter that is not a guid, and accepts one in upper case", async () => {
    const bad = expectProblem(
      await app.inject({ url: "/marketplace/instances/42", headers: admin }),
      400,
      "validation-failed",
    );
    expect(Object.keys(bad.errors as object)).toEqual(["path.id"]);
    const upper = await app.inject({
      url: `/marketplace/instances/${KNOWN_ID.toUpperCase()}`,
      headers: admin,
    });
    expect(catalogue.calls.at(-1)?.request).toEqual({ id: KNOWN_ID });
    expect(upper.statusCode).not.toBe(400);
  });

  it("refuses malformed JSON and an empty body where one is required", async () => {
    const headers = { "content-type": "application/json" };
    expectProblem(await create("{oops", headers), 400, "validation-failed");
    expectProblem(await create("", headers), 400, "validation-failed");
  });
});

describe("transport problems", () => {
  it("answers 413 for a body over 1 MiB", async () => {
    const response = await create(JSON.stringify({ name: "x".repeat(2 * 1024 * 1024) }), {
      "content-type": "application/json",
    });
    expectProblem(response, 413, "payload-too-large");
  });

  it("answers 415 for a body that is not JSON", async () => {
    expectProblem(await create("name=EU", { "content-type": "text/plain" }), 415, "unsupported-media-type");
    expectProblem(
      await create("name=EU", { "content-type": "application/x-www-form-urlencoded" }),
      415,
      "unsupported-media-type",
    );
  });

  it("answers a 400 problem for a URL fastify cannot decode", async () => {
    const response = await app.inject({ url: "/marketplace/instances/%E0%A4%A", headers: admin });
    expect(Object.keys(expectProblem(response, 400, "validation-failed").errors as object)).toEqual(["path"]);
    expect(response.headers.traceparent).toBeDefined();
  });

  it("answers 404, not 500, for a path parameter longer than the router allows", async () => {
    const url = `/marketplace/instances/${"x".repeat(101)}`;
    expectProblem(await app.inject({ url, headers: admin }), 404, "not-found");
  });

  it("answers 404 problems for unknown routes, with or without credentials", async () => {
    const body = expectProblem(await app.inject({ url: "/marketplace/nothing-here?x=1" }), 404, "not-found");
    expect(body.instance).toBe("/marketplace/nothing-here");
    expectProblem(
      await app.inject({ method: "DELETE", url: "/marketplace/instances", headers: admin }),
      404,
      "not-found",
    );
  });
});

describe("upstream problems", () => {
  it("passes a not-found from the catalogue through as 404", async () => {
    const response = await app.inject({
      url: "/marketplace/instances/0193a1b2-0000-7000-8000-0000000000ff",
      headers: admin,
    });
    expectProblem(response, 404, "not-found");
  });

  it("keeps a conflict's code and extensions", async () => {
    failure = new ConflictError("invalid-state", "The instance is archived.", {
      extensions: { state: "archived" },
    });
    const body = expectProblem(
      await create({ name: "EU", defaultCurrency: "EUR", platformFeeBps: 0 }),
      409,
      "invalid-state",
    );
    expect(body.state).toBe("archived");
    failure = undefined;
  });

  it("sends Retry-After with upstream-unavailable", async () => {
    failure = new UpstreamUnavailableError("catalogue is unavailable.", 7);
    const response = await app.inject({ url: "/marketplace/instances", headers: admin });
    expectProblem(response, 503, "upstream-unavailable");
    expect(response.headers["retry-after"]).toBe("7");
    failure = undefined;
  });

  it("hides an unknown error behind an error id", async () => {
    failure = new Error('relation "instances" does not exist');
    const body = expectProblem(
      await app.inject({ url: "/marketplace/instances", headers: admin }),
      500,
      "internal",
    );
    expect(JSON.stringify(body)).not.toContain("relation");
    expect(body.errorId).toMatch(/^[0-9a-f-]{36}$/);
    expect(body.detail).toContain(`error id ${body.errorId}`);
    const logged = logLines.find((line) => line.errorId === body.errorId);
    expect(logged).toMatchObject({ level: "error", traceId: body.traceId });
    expect(JSON.stringify(logged)).toContain("relation");

    failure = new AppError("internal", "SELECT secret FROM keys", { extensions: { table: "keys" } });
    const upstream = expectProblem(
      await app.inject({ url: "/marketplace/instances", headers: admin }),
      500,
      "internal",
    );
    expect(JSON.stringify(upstream)).not.toMatch(/SELECT|table/);
    expect(upstream.errorId).toMatch(/^[0-9a-f-]{36}$/);
    failure = undefined;
  });

  it("shows the error id a downstream service logged, so one id finds both log lines", async () => {
    const downstreamId = "0193a1b2-dead-7000-8000-00000000beef";
    failure = new AppError("internal", "An internal error occurred.", {
      extensions: { errorId: downstreamId },
    });
    const body = expectProblem(
      await app.inject({ url: "/marketplace/instances", headers: admin }),
      500,
      "internal",
    );
    expect(body.errorId).toBe(downstreamId);
    expect(logLines.some((line) => line.errorId === downstreamId)).toBe(true);
    // An id that is not a plain token is not echoed: a fresh one replaces it.
    failure = new AppError("internal", "x", { extensions: { errorId: "<script>alert(1)</script>" } });
    const replaced = expectProblem(
      await app.inject({ url: "/marketplace/instances", headers: admin }),
      500,
      "internal",
    );
    expect(replaced.errorId).toMatch(/^[0-9a-f-]{36}$/);
    failure = undefined;
  });

  it("answers 503 with Retry-After, not 500, when a dependency is sick", async () => {
    failure = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" });
    const response = await app.inject({ url: "/marketplace/instances", headers: admin });
    const body = expectProblem(response, 503, "upstream-unavailable");
    expect(Number(response.headers["retry-after"])).toBeGreaterThan(0);
    expect(JSON.stringify(body)).not.toContain("5432");
    failure = undefined;
  });
});

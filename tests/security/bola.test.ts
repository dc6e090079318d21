import { beforeAll, describe, expect, it } from "vitest";
import {
  BODY_FIXTURES,
  fixtureKey,
  OPERATOR_ONLY,
  OWN_ORGANISATION_ONLY,
  OWNED_QUERY_PARAMETERS,
  PATH_FIXTURES,
  PUBLIC_VIEWS,
  pathValues,
  QUERY_FIXTURES,
  SHARED,
} from "./bola/fixtures";
import { createOwned, type Owned, privateIds } from "./bola/owned-resources";
import { type Operation, operations } from "./openapi/document";
import { example } from "./openapi/examples";
import { exampleParts, type RequestParts, toWire } from "./openapi/requests";
import { securityStack } from "./support/context";
import { jsonRequest, send, type WireResponse } from "./support/http";
import { problemViolations } from "./support/problem";
import { Resources } from "./support/resources";
import { TEST_ORGANISATIONS } from "./support/security-stack";

/**
 * Broken object-level authorisation, generated from the OpenAPI document. Organisation A creates its
 * resources through the API; organisation B, holding every role (admin included) so no role check can be
 * the reason, calls every operation that names a resource (in its path, or in a query parameter that
 * scopes owned data) with A's ids, and must get 404 `not-found`: never A's data, never a change to it.
 * The platform operator's powers (OPERATOR_ONLY, OWN_ORGANISATION_ONLY) are refused to B's admin with
 * 403; the operator itself reads A's statement. A's own calls
 * with the same requests must not be 404, which proves each fixture names something real. Operations the
 * document declares not built answer 501 and are asserted so; once built (no 501 in the document), the
 * matrix demands fixtures for them. A new operation under a known path prefix is covered with no edit.
 * Public views (PUBLIC_VIEWS: the catalogues) show A's unlisted item to no one, A included.
 */
const stack = securityStack();
const ALL = operations();
const WITH_PATH_IDS = ALL.filter((op) => op.parameters.some((p) => p.in === "path"));
const LISTS = ALL.filter((op) => op.method === "GET" && !WITH_PATH_IDS.includes(op));

let owned: Owned;
let bAssets: { icon: string; image: string };
let before: unknown;

beforeAll(async () => {
  owned = await createOwned(stack, stack.tokens.a, TEST_ORGANISATIONS.a);
  const b = new Resources(stack.gatewayUrl, stack.tokens.b);
  const [icon, image] = await Promise.all([b.readyAsset("icon"), b.readyAsset("image")]);
  bAssets = { icon, image };
  before = await snapshotOfA();
}, 180_000);

/** The request A would make, with A's ids in the path, query and body. */
function ownedRequest(operation: Operation, values: Record<string, string>): RequestParts {
  const parts = exampleParts(operation);
  parts.path = { ...parts.path, ...values };
  for (const parameter of operation.parameters.filter((p) => p.in === "query")) {
    const fixture = QUERY_FIXTURES[parameter.name];
    if (fixture) parts.query[parameter.name] = fixture(owned);
  }
  const body = BODY_FIXTURES[operation.operationId];
  if (body) parts.body = body(owned);
  return parts;
}

function call(operation: Operation, parts: RequestParts, token: string): Promise<WireResponse> {
  return send(stack.gatewayUrl, toWire(operation, parts, token));
}

function expectProblem(response: WireResponse, status: number, code: string) {
  expect(response.status, response.text).toBe(status);
  expect(problemViolations(response)).toEqual([]);
  expect((response.json as { code: string }).code).toBe(code);
}

/** B's answer names none of A's private ids (`instance` only echoes the path B sent). */
function expectNoneOfAs(response: WireResponse) {
  const shown = JSON.stringify({ ...(response.json as object), instance: undefined });
  for (const id of privateIds(owned)) expect(shown, `B was shown A's ${id}`).not.toContain(id);
}

/** Everything A can read about its own resources, without the presigned addresses that change per call. */
async function snapshotOfA(): Promise<unknown> {
  const item = `/marketplace/developers/marketplace-items/${owned.item}`;
  const paths = [
    item,
    `${item}/images`,
    `${item}/metadata/history?pageSize=100`,
    `${item}/prices?pageSize=100`,
    `${item}/releases?pageSize=100`,
    "/marketplace/api-keys?pageSize=100",
    "/marketplace/webhook-endpoints?pageSize=100",
  ];
  const answers = await Promise.all(
    paths.map((path) => {
      const [route, query] = path.split("?");
      return send(stack.gatewayUrl, jsonRequest("GET", route!, stack.tokens.a, undefined, query));
    }),
  );
  const text = JSON.stringify(
    answers.map((a) => a.json),
    (key, value) => (key === "url" ? undefined : value),
  );
  return JSON.parse(text);
}

describe("organisation B with organisation A's ids in the path", () => {
  for (const operation of WITH_PATH_IDS) {
    it(`${operation.operationId}: ${operation.method} ${operation.template}`, async () => {
      const { values, missing } = pathValues(operation, owned);
      if (operation.pending) {
        const parts = exampleParts(operation);
        parts.path = { ...parts.path, ...values };
        expectProblem(await call(operation, parts, stack.tokens.b), 501, "not-implemented");
        return;
      }
      expect(
        missing,
        `${operation.operationId} is built: add A's resource for ${missing.join(", ")} to PATH_FIXTURES in tests/security/bola/fixtures.ts`,
      ).toEqual([]);
      const response = await call(operation, ownedRequest(operation, values), stack.tokens.b);
      if (OPERATOR_ONLY[operation.operationId]) expectProblem(response, 403, "forbidden");
      else if (SHARED[operation.operationId]) expect(response.status, response.text).toBe(200);
      else expectProblem(response, 404, "not-found");
      expectNoneOfAs(response);
    });
  }
});

describe("organisation B listing, with A's ids in the query where a parameter names owned data", () => {
  for (const operation of LISTS) {
    it(`${operation.operationId}: GET ${operation.template}`, async () => {
      const parts = ownedRequest(operation, {});
      const unfixed = operation.parameters.filter(
        (p) => p.in === "query" && OWNED_QUERY_PARAMETERS.has(p.name) && !QUERY_FIXTURES[p.name],
      );
      for (const parameter of unfixed) parts.query[parameter.name] = String(example(parameter.schema));
      const response = await call(operation, parts, stack.tokens.b);
      if (operation.pending) {
        expectProblem(response, 501, "not-implemented");
        return;
      }
      expect(
        unfixed.map((p) => p.name),
        `${operation.operationId} is built: add A's value for these query parameters to QUERY_FIXTURES`,
      ).toEqual([]);
      const refused = OPERATOR_ONLY[operation.operationId] || OWN_ORGANISATION_ONLY[operation.operationId];
      if (refused) expectProblem(response, 403, "forbidden");
      else expect(response.status, response.text).toBe(200);
      expectNoneOfAs(response);
    });
  }
});

describe("organisation A attaching organisation B's asset to its own item", () => {
  const attaching = ALL.filter((op) => {
    const member = op.body?.schema.properties?.assetId;
    return member && !op.pending && !op.parameters.some((p) => p.name === "assetId");
  });
  for (const operation of attaching) {
    it(`${operation.operationId}: ${operation.method} ${operation.template}`, async () => {
      const { values } = pathValues(operation, owned);
      const parts = ownedRequest(operation, values);
      parts.body = { assetId: operation.template.endsWith("/icon") ? bAssets.icon : bAssets.image };
      expectProblem(await call(operation, parts, stack.tokens.a), 404, "not-found");
    });
  }
});

describe("the platform operator (an admin of the platform's organisation)", () => {
  it("reads, exports and lists A's statement, which B's admin may not", async () => {
    const get = (token: string, path: string, query?: string) =>
      send(stack.gatewayUrl, jsonRequest("GET", path, token, undefined, query));
    const statement = `/marketplace/earnings/statements/${owned.statement}`;
    const read = await get(stack.tokens.operator, statement);
    expect(read.status, read.text).toBe(200);
    expect((read.json as { organisationId: string }).organisationId).toBe(TEST_ORGANISATIONS.a);
    expect((await get(stack.tokens.operator, `${statement}/export.csv`)).status).toBe(200);
    const listed = await get(
      stack.tokens.operator,
      "/marketplace/earnings/statements",
      `role=any&status=any&organisationId=${TEST_ORGANISATIONS.a}`,
    );
    expect(listed.status, listed.text).toBe(200);
    expect(JSON.stringify(listed.json)).toContain(owned.statement);
    expectProblem(await get(stack.tokens.b, statement), 404, "not-found");
    expectProblem(await get(stack.tokens.b, `${statement}/export.pdf`), 404, "not-found");
    // closing a period finalizes every organisation's statements: not for B's admin (nor A's)
    const period = {
      periodStartUtc: "2020-01-01T00:00:00Z",
      periodEndUtc: "2020-02-01T00:00:00Z",
      livemode: false,
    };
    for (const token of [stack.tokens.b, stack.tokens.a])
      expectProblem(
        await send(
          stack.gatewayUrl,
          jsonRequest("POST", "/marketplace/earnings/statements/batches", token, period),
        ),
        403,
        "forbidden",
      );
  });
});

describe("after B's attempts", () => {
  it("A's resources are exactly as they were", async () => {
    expect(await snapshotOfA()).toEqual(before);
  });
});

/** GETs first, then writes, then deletes, and retiring last: each control leaves the next one something. */
function controlOrder(operation: Operation): number {
  if (operation.operationId === "retireItem") return 4;
  return { GET: 0, POST: 1, PUT: 1, PATCH: 1, DELETE: 3 }[operation.method];
}

describe("organisation A with its own ids (each fixture names a real resource)", () => {
  const built = WITH_PATH_IDS.filter((op) => !op.pending && !SHARED[op.operationId]);
  for (const operation of [...built].sort((x, y) => controlOrder(x) - controlOrder(y))) {
    it(`${operation.operationId}: ${operation.method} ${operation.template}`, async () => {
      const { values } = pathValues(operation, owned);
      const token = OPERATOR_ONLY[operation.operationId] ? stack.tokens.operator : stack.tokens.a;
      const response = await call(operation, ownedRequest(operation, values), token);
      if (PUBLIC_VIEWS[operation.operationId]) {
        expectProblem(response, 404, "not-found");
        return;
      }
      expect(response.status, response.text).not.toBe(404);
      expect(response.status, response.text).toBeLessThan(500);
      expect(operation.statuses.has(response.status), `${response.status} is documented`).toBe(true);
    });
  }

  it("covers every path fixture", () => {
    const used = new Set(
      WITH_PATH_IDS.flatMap((op) =>
        op.parameters.filter((p) => p.in === "path").map((p) => fixtureKey(op.template, p.name)),
      ),
    );
    expect(Object.keys(PATH_FIXTURES).filter((key) => !used.has(key))).toEqual([]);
  });
});

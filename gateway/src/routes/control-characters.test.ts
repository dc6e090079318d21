import { CONTROL_CHARACTER_FREE } from "@mp/errors";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PublishingClient, PublishingReleasesClient } from "../clients";
import { openapiText } from "../plugins/openapi.plugin";
import {
  buildTestApp,
  createTestKeys,
  expectProblem,
  fakeCatalogue,
  fakeClients,
  fakeUpstream,
  notFoundCatalogue,
  type TestKeys,
} from "../testing/test-kit";
import type { ZodApp } from "../zod-app";

type Json = Record<string, unknown>;

const ITEM = "0193a1b2-0000-7000-8000-0000000000c1";
const DEVICE = "00112233aabbccdd";
const RULES = new Set(Object.values(CONTROL_CHARACTER_FREE).map((pattern) => pattern.source));
/** Formats whose syntax admits no control character, so the format alone refuses them. */
const STRICT_FORMATS = new Set(["uuid", "date-time", "date"]);

const publishing = fakeUpstream<PublishingClient>(() => {
  throw new Error("control-character tests never reach publishing");
});
const releases = fakeUpstream<PublishingReleasesClient>(() => {
  throw new Error("control-character tests never reach publishing");
});

let keys: TestKeys;
let app: ZodApp;
let headers: Record<string, string>;

beforeAll(async () => {
  keys = await createTestKeys();
  app = await buildTestApp({
    keys,
    clients: fakeClients(
      fakeCatalogue(notFoundCatalogue).client,
      {},
      { publishing: publishing.client, publishingReleases: releases.client },
    ),
  });
  headers = { authorization: `Bearer ${await keys.token(["developer", "provider", "admin"])}` };
  await app.ready();
});
afterAll(() => app.close());

/** Every string schema reachable from `schema`, with the path that leads to it. */
function* strings(schema: unknown, path: string, components: Json): Generator<[string, Json]> {
  if (schema === null || typeof schema !== "object") return;
  const node = schema as Json;
  if (typeof node.$ref === "string") {
    yield* strings(components[node.$ref.split("/").pop()!], path, components);
    return;
  }
  for (const key of ["anyOf", "oneOf"] as const) {
    for (const member of (node[key] as unknown[] | undefined) ?? []) yield* strings(member, path, components);
  }
  const types = Array.isArray(node.type) ? node.type : [node.type];
  if (types.includes("string")) yield [path, node];
  for (const [name, child] of Object.entries((node.properties as Json | undefined) ?? {})) {
    yield* strings(child, `${path}.${name}`, components);
  }
  if (node.items) yield* strings(node.items, `${path}.0`, components);
}

function carriesTheRule(schema: Json): boolean {
  if (schema.enum || schema.const !== undefined) return true;
  if (typeof schema.format === "string" && STRICT_FORMATS.has(schema.format)) return true;
  const patterns = [schema.pattern, ...((schema.allOf as Json[] | undefined) ?? []).map((p) => p.pattern)];
  return patterns.some((pattern) => typeof pattern === "string" && RULES.has(pattern));
}

describe("control characters in the API document", () => {
  it("every string a client sends (path, query, header, body) carries the rule or a strict format", async () => {
    const document = JSON.parse(openapiText(app)) as Json;
    const components = ((document.components as Json).schemas ?? {}) as Json;
    const unguarded: string[] = [];
    for (const [url, operations] of Object.entries(document.paths as Json)) {
      for (const [method, operation] of Object.entries(operations as Json) as [string, Json][]) {
        const where = `${method.toUpperCase()} ${url}`;
        // The statement exports document no 400: an id that is not a guid names no statement, a 404.
        if (url.includes("/export.")) continue;
        for (const parameter of (operation.parameters as Json[] | undefined) ?? []) {
          for (const [path, schema] of strings(
            parameter.schema,
            `${parameter.in}.${parameter.name}`,
            components,
          )) {
            if (!carriesTheRule(schema)) unguarded.push(`${where} ${path}`);
          }
        }
        const body = (operation.requestBody as Json | undefined)?.content as Json | undefined;
        const schema = (body?.["application/json"] as Json | undefined)?.schema;
        for (const [path, string] of strings(schema, "body", components)) {
          if (!carriesTheRule(string)) unguarded.push(`${where} ${path}`);
        }
      }
    }
    expect(unguarded).toEqual([]);
    // Rendering and walking the whole document is CPU work; 30 s only guards against a hang under CI's load.
  }, 30_000);

  it("describes the rule once for the whole API", async () => {
    const document = JSON.parse(openapiText(app)) as { info: { description: string } };
    expect(document.info.description).toMatch(/Control characters: .*NUL/s);
  });
});

describe("control characters in requests", () => {
  const post = (url: string, payload: unknown) =>
    app.inject({ method: "POST", url, headers, payload: payload as Json });

  it("refuses each C0 character and DEL in a single-line body field, naming it", async () => {
    const codes = [...Array.from({ length: 0x20 }, (_, code) => code), 0x7f];
    for (const code of codes) {
      const name = `Europe${String.fromCharCode(code)}West`;
      const body = expectProblem(
        await post("/marketplace/instances", { name, defaultCurrency: "EUR", platformFeeBps: 100 }),
        400,
        "validation-failed",
      );
      expect(body.errors, `U+${code.toString(16)}`).toEqual({
        "body.name": [expect.stringMatching(/control/)],
      });
    }
  });

  it("refuses a trailing newline instead of trimming it away", async () => {
    const body = expectProblem(
      await post("/marketplace/api-keys", { name: "ci\n", roles: ["developer"] }),
      400,
      "validation-failed",
    );
    expect(Object.keys(body.errors as Json)).toEqual(["body.name"]);
  });

  it("accepts tab, LF and CR in multi-line text only, and NUL nowhere", async () => {
    const metadata = `/marketplace/developers/marketplace-items/${ITEM}/metadata`;
    const multiLine = expectProblem(
      await post(metadata, {
        displayName: "Two\nlines",
        algorithmType: "tab\there",
        description: "Line one\r\n\tLine two",
        licenseUrl: "https://example.com/lic\u0000ense",
      }),
      400,
      "validation-failed",
    );
    expect(Object.keys(multiLine.errors as Json).sort()).toEqual([
      "body.algorithmType",
      "body.displayName",
      "body.licenseUrl",
    ]);
    const nul = expectProblem(await post(metadata, { description: "bad\u0000" }), 400, "validation-failed");
    expect(Object.keys(nul.errors as Json)).toEqual(["body.description"]);
    expect(publishing.calls).toHaveLength(0);
  });

  it("refuses a URL with a tab the URL parser would have dropped silently", async () => {
    const body = expectProblem(
      await post(`/marketplace/developers/marketplace-items/${ITEM}/metadata`, {
        eulaUrl: "https://exa\tmple.com",
      }),
      400,
      "validation-failed",
    );
    expect(Object.keys(body.errors as Json)).toEqual(["body.eulaUrl"]);
  });

  it("names query and path parameters", async () => {
    const search = expectProblem(
      await app.inject({ url: "/marketplace/marketplace-items?search=abc%00", headers }),
      400,
      "validation-failed",
    );
    expect(Object.keys(search.errors as Json)).toEqual(["query.search"]);
    const version = expectProblem(
      await app.inject({
        url: `/marketplace/marketplace-items/${ITEM}/downloads/1.0%0A/access?deviceId=${DEVICE}`,
        headers,
      }),
      400,
      "validation-failed",
    );
    expect(Object.keys(version.errors as Json)).toEqual(["path.version"]);
    const rpc = expectProblem(
      await app.inject({ url: "/marketplace/providers/rpc/rpc%7F1", headers }),
      400,
      "validation-failed",
    );
    expect(Object.keys(rpc.errors as Json)).toEqual(["path.rpcId"]);
  });

  it("refuses a release id of . or .. or with a path separator", async () => {
    const url = `/marketplace/developers/marketplace-items/${ITEM}/infuse-iot-releases`;
    for (const releaseId of [".", "..", "a/b", "../other-org/x", "a\\b", "rel\u0000"]) {
      const body = expectProblem(await post(url, { releaseId }), 400, "validation-failed");
      expect(Object.keys(body.errors as Json), releaseId).toEqual(["body.releaseId"]);
    }
    expect(releases.calls).toHaveLength(0);
  });
});

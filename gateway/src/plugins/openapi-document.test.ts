import { readFileSync } from "node:fs";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { describe, expect, it } from "vitest";

/**
 * Walks the committed `gateway/openapi.json` (issue 28.1): every operation has examples that validate
 * against their schemas, every member is described, there is one problem schema and one pagination style
 * per kind of list. Each failure names the operation or member and says what to add, so a branch that adds
 * routes can be fixed at merge: run `pnpm openapi:write` first, then this test.
 */

type Json = Record<string, unknown>;
interface Media {
  schema?: Json;
  example?: unknown;
}
interface Operation {
  parameters?: { name: string; in: string; schema?: Json; example?: unknown }[];
  requestBody?: { content?: Record<string, Media> };
  responses: Record<string, { description?: string; content?: Record<string, Media> }>;
}

const document = JSON.parse(readFileSync(new URL("../../openapi.json", import.meta.url), "utf8")) as {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Json> };
};
const components = document.components.schemas;
const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
  Object.entries(methods).map(([method, op]) => ({ name: `${method.toUpperCase()} ${path}`, path, op })),
);

const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats.default(ajv);
for (const format of ["int32", "int64", "binary"]) ajv.addFormat(format, true);
const BASE = "https://marketplace.invalid/openapi.json";
/** The components as `$defs` of one schema, every `$ref` rewritten to point there. */
const pointing = (value: unknown) =>
  JSON.parse(JSON.stringify(value ?? {}).replaceAll('"#/components/schemas/', `"${BASE}#/$defs/`));
ajv.addSchema({ $id: BASE, $defs: pointing(components) });
const compiled = new Map<string, ReturnType<typeof ajv.compile>>();

/** Validate `value` against an OpenAPI schema whose `$ref`s point into the document's components. */
function violations(schema: Json | undefined, value: unknown): string | undefined {
  const text = JSON.stringify(pointing(schema));
  let validate = compiled.get(text);
  if (!validate) {
    validate = ajv.compile(JSON.parse(text));
    compiled.set(text, validate);
  }
  if (validate(value)) return undefined;
  return (validate.errors ?? []).map((e) => `${e.instancePath || "(root)"} ${e.message}`).join("; ");
}

const FIX_EXAMPLE =
  "give the zod schema an example that fits it: `.meta({ examples: [<value>] })` next to the schema, or an `example` in gateway/src/routes/field-glossary.ts for the member's name; then `pnpm openapi:write`";

describe("OpenAPI document: examples", () => {
  it("has an example for every parameter, request body and response, each valid against its schema", () => {
    const problems: string[] = [];
    for (const { name, op } of operations) {
      for (const parameter of op.parameters ?? []) {
        const where = `${name}: ${parameter.in} parameter \`${parameter.name}\``;
        if (parameter.example === undefined) problems.push(`${where} has no example; ${FIX_EXAMPLE}.`);
        else {
          const wrong = violations(parameter.schema, parameter.example);
          if (wrong)
            problems.push(
              `${where}: example ${JSON.stringify(parameter.example)} is invalid (${wrong}); ${FIX_EXAMPLE}.`,
            );
        }
      }
      for (const [type, media] of Object.entries(op.requestBody?.content ?? {})) {
        const where = `${name}: request body (${type})`;
        if (media.example === undefined) problems.push(`${where} has no example; ${FIX_EXAMPLE}.`);
        else {
          const wrong = violations(media.schema, media.example);
          if (wrong) problems.push(`${where}: example is invalid (${wrong}); ${FIX_EXAMPLE}.`);
        }
      }
      for (const [status, response] of Object.entries(op.responses)) {
        for (const [type, media] of Object.entries(response.content ?? {})) {
          const where = `${name}: response ${status} (${type})`;
          if (media.example === undefined) problems.push(`${where} has no example; ${FIX_EXAMPLE}.`);
          else {
            const wrong = violations(media.schema, media.example);
            if (wrong) problems.push(`${where}: example is invalid (${wrong}); ${FIX_EXAMPLE}.`);
          }
        }
      }
    }
    expect(problems, problems.join("\n")).toEqual([]);
  });

  it("documents each problem response with an example whose code its description names", () => {
    const problems: string[] = [];
    for (const { name, op } of operations) {
      for (const [status, response] of Object.entries(op.responses)) {
        if (Number(status) < 400) continue;
        const example = response.content?.["application/problem+json"]?.example as Json | undefined;
        if (example?.status !== Number(status))
          problems.push(`${name}: response ${status} needs a problem example with status ${status}.`);
      }
    }
    expect(problems, problems.join("\n")).toEqual([]);
  });

  it("rejects an example that does not fit (the check can fail)", () => {
    expect(violations({ $ref: "#/components/schemas/Money" }, { amount: 1.5, currency: "EUR" })).toMatch(
      /amount/,
    );
  });
});

/** Every `properties` member below `node`, with a readable location. */
function* members(node: unknown, where: string): Generator<[string, Json]> {
  if (Array.isArray(node)) {
    for (const child of node) yield* members(child, where);
    return;
  }
  if (node === null || typeof node !== "object") return;
  const schema = node as Json;
  const properties = schema.properties as Record<string, Json> | undefined;
  if (properties && typeof properties === "object") {
    for (const [name, child] of Object.entries(properties)) {
      yield [`${where}.${name}`, child];
      yield* members(child, `${where}.${name}`);
    }
  }
  for (const key of ["items", "anyOf", "oneOf", "allOf", "additionalProperties"]) {
    if (schema[key]) yield* members(schema[key], where);
  }
}

function describedRef(member: Json): boolean {
  const ref = member.$ref as string | undefined;
  if (!ref) return false;
  return Boolean(components[ref.replace("#/components/schemas/", "")]?.description);
}

const FIX_DESCRIPTION =
  'add `.describe("...")` to that member\'s zod schema (or, for a member that means the same everywhere, a `description` in gateway/src/routes/field-glossary.ts); then `pnpm openapi:write`';

describe("OpenAPI document: descriptions", () => {
  it("describes every component schema", () => {
    const missing = Object.entries(components)
      .filter(([, schema]) => !schema.description)
      .map(
        ([name]) =>
          `components.schemas.${name} has no description: add one to its \`.meta({ id: "${name}", description })\`.`,
      );
    expect(missing, missing.join("\n")).toEqual([]);
  });

  it("describes every member of every schema, in components and inline in operations", () => {
    const missing: string[] = [];
    const check = (root: unknown, where: string) => {
      for (const [location, member] of members(root, where)) {
        if (!member.description && !describedRef(member))
          missing.push(`${location} has no description; ${FIX_DESCRIPTION}.`);
      }
    };
    for (const [name, schema] of Object.entries(components)) check(schema, name);
    for (const { name, op } of operations) {
      for (const [type, media] of Object.entries(op.requestBody?.content ?? {}))
        check(media.schema, `${name} body(${type})`);
      for (const [status, response] of Object.entries(op.responses))
        for (const media of Object.values(response.content ?? {})) check(media.schema, `${name} ${status}`);
      for (const parameter of op.parameters ?? []) {
        if (!(parameter as Json).description)
          missing.push(
            `${name}: ${parameter.in} parameter \`${parameter.name}\` has no description; ${FIX_DESCRIPTION}.`,
          );
      }
    }
    expect(missing, missing.join("\n")).toEqual([]);
  });
});

describe("OpenAPI document: one problem schema", () => {
  it("files every error response under the single ProblemDetails component", () => {
    const wrong: string[] = [];
    for (const { name, op } of operations) {
      for (const [status, response] of Object.entries(op.responses)) {
        if (Number(status) < 400) continue;
        const ref = response.content?.["application/problem+json"]?.schema?.$ref;
        if (ref !== "#/components/schemas/ProblemDetails")
          wrong.push(
            `${name}: response ${status} uses ${ref ?? "an inline schema"}; use \`ProblemDetails\` from common.schemas (\`responses()\` in route-kit does), adding any new member there.`,
          );
      }
    }
    expect(wrong, wrong.join("\n")).toEqual([]);
  });

  it("has no second problem schema", () => {
    const duplicates = Object.entries(components)
      .filter(
        ([name, schema]) =>
          name !== "ProblemDetails" &&
          (/Problem/.test(name) || "traceId" in ((schema.properties as Json) ?? {})),
      )
      .map(
        ([name]) =>
          `components.schemas.${name} duplicates ProblemDetails: add its members to ProblemDetails (optional) and remove it.`,
      );
    expect(duplicates, duplicates.join("\n")).toEqual([]);
  });
});

/** The list styles docs/api.md documents, by the members of the list body. */
const LIST_STYLES = {
  page: {
    body: ["items", "page", "pageSize", "totalCount", "totalPages"],
    query: ["page", "pageSize", "orderBy", "direction"],
  },
  "limit-offset": { body: ["hasMore", "items", "limit", "offset"], query: ["limit", "offset"] },
  feed: { body: ["items", "limit"], query: ["limit"] },
} as const;

describe("OpenAPI document: pagination", () => {
  it("gives every list one of the documented styles, with the matching query", () => {
    const wrong: string[] = [];
    for (const { name, op } of operations) {
      const schema = op.responses["200"]?.content?.["application/json"]?.schema;
      const properties = (schema?.properties ?? {}) as Json;
      if (!("items" in properties)) continue;
      const body = Object.keys(properties).sort().join(",");
      const style = Object.entries(LIST_STYLES).find(([, s]) => [...s.body].sort().join(",") === body);
      if (!style) {
        wrong.push(
          `${name}: list body {${body}} is none of the documented styles (docs/api.md): use \`paged()\` or \`limitOffsetList()\` from common.schemas.`,
        );
        continue;
      }
      const query = new Set((op.parameters ?? []).filter((p) => p.in === "query").map((p) => p.name));
      const absent = style[1].query.filter((q) => !query.has(q));
      if (absent.length)
        wrong.push(
          `${name}: a ${style[0]} list without the query ${absent.join(", ")}: spread \`pageQuery()\` or \`limitOffsetQuery()\` into its querystring.`,
        );
    }
    expect(wrong, wrong.join("\n")).toEqual([]);
  });
});

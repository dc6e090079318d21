import { createHash } from "node:crypto";
import { ERROR_CODES, type ErrorCode, isErrorCode, PROBLEM_TYPE_BASE, TITLES } from "@mp/errors";
import { FIELD_GLOSSARY } from "../routes/field-glossary";

/**
 * Descriptions and examples for the OpenAPI document, filled in after zod has produced it:
 * - a member without its own description takes the glossary's (routes/field-glossary.ts);
 * - every parameter, request body and response gets an `example` composed from the schema: a schema's own
 *   `examples` (`.meta({ examples: [...] })` next to the zod schema) first, then the glossary's example
 *   for the member's name, then a value built from the type, format, enum and bounds;
 * - every problem response gets a problem whose `code` is the first code its description names.
 * `openapi-examples.test.ts` validates each example against its schema.
 */

type Json = Record<string, unknown>;
export interface Schema {
  $ref?: string;
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  examples?: unknown[];
  description?: string;
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: boolean | Schema;
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  pattern?: string;
  /** Every pattern of an `allOf` of strings (zod writes two regexes so), merged by `compose`. */
  patterns?: string[];
}

const TIME = "2026-03-14T09:26:53.000Z";
const TRACE_ID = "4bf92f3577b34da6a3ce929d0e0e4736";

/** A UUIDv7-shaped id fixed per member name, so the same id reads the same across operations. */
export function exampleGuid(name: string): string {
  const h = createHash("sha256")
    .update(name || "id")
    .digest("hex");
  return `0195${h.slice(0, 4)}-${h.slice(4, 8)}-7${h.slice(8, 11)}-8${h.slice(11, 14)}-${h.slice(14, 26)}`;
}

function resolver(components: Record<string, Schema>) {
  return (schema: Schema): Schema => {
    let current = schema;
    for (let depth = 0; current.$ref && depth < 10; depth++) {
      const name = current.$ref.replace("#/components/schemas/", "");
      current = { ...components[name], ...withoutRef(current) };
    }
    return current;
  };
}

function withoutRef(schema: Schema): Schema {
  const { $ref: _ref, ...rest } = schema;
  return rest;
}

function typeOf(schema: Schema): string | undefined {
  return Array.isArray(schema.type) ? schema.type.find((t) => t !== "null") : schema.type;
}

function fits(value: unknown, schema: Schema): boolean {
  if (schema.enum && !schema.enum.includes(value)) return false;
  const type = typeOf(schema);
  if (typeof value === "string") {
    if (type && type !== "string") return false;
    if (schema.minLength !== undefined && value.length < schema.minLength) return false;
    if (schema.maxLength !== undefined && value.length > schema.maxLength) return false;
    const patterns = [...(schema.pattern ? [schema.pattern] : []), ...(schema.patterns ?? [])];
    return patterns.every((pattern) => new RegExp(pattern, "u").test(value));
  }
  if (typeof value === "number") {
    if (type !== "integer" && type !== "number") return false;
    if (type === "integer" && !Number.isInteger(value)) return false;
    if (schema.minimum !== undefined && value < schema.minimum) return false;
    if (schema.maximum !== undefined && value > schema.maximum) return false;
    return true;
  }
  if (typeof value === "boolean") return type === "boolean";
  return true;
}

export function exampleComposer(components: Record<string, Schema>) {
  const resolve = resolver(components);

  function compose(input: Schema, name: string, depth = 0): unknown {
    const schema = resolve(input);
    if (schema.examples?.length) return schema.examples[0];
    if (schema.const !== undefined) return schema.const;
    const glossary = FIELD_GLOSSARY[name]?.example;
    if (glossary !== undefined && fits(glossary, schema)) return glossary;
    if (schema.enum?.length) return schema.enum.find((v) => v !== null) ?? schema.enum[0];
    if (schema.default !== undefined && typeof schema.default !== "object") return schema.default;
    const alternatives = schema.anyOf ?? schema.oneOf;
    if (alternatives?.length) {
      const concrete = alternatives.find((m) => resolve(m).type !== "null") ?? alternatives[0]!;
      return compose(concrete, name, depth);
    }
    if (schema.allOf?.length) {
      const members = schema.allOf.map(resolve);
      if (members.every((m) => typeOf(m) === "object" || m.properties)) {
        return Object.assign({}, ...members.map((m) => compose(m, name, depth) as Json));
      }
      // Constraints on one value (a string with two patterns): one schema holding all of them.
      const { allOf: _allOf, ...own } = schema;
      const patterns = members.flatMap((m) => (m.pattern ? [m.pattern] : []));
      return compose({ ...own, ...Object.assign({}, ...members), pattern: undefined, patterns }, name, depth);
    }
    switch (typeOf(schema)) {
      case "object":
        return composeObject(schema, depth);
      case "array": {
        if (depth > 6) return [];
        const count = Math.max(schema.minItems ?? 1, 1);
        return Array.from({ length: count }, () => compose(schema.items ?? {}, singular(name), depth + 1));
      }
      case "integer":
      case "number":
        return composeNumber(schema);
      case "boolean":
        return false;
      case "null":
        return null;
      case "string":
      case undefined:
        return composeString(schema, name);
      default:
        return null;
    }
  }

  function composeObject(schema: Schema, depth: number): Json {
    const out: Json = {};
    for (const [member, child] of Object.entries(schema.properties ?? {})) {
      out[member] = compose(child, member, depth + 1);
    }
    if (!schema.properties && typeof schema.additionalProperties === "object") {
      out.firmware = compose(schema.additionalProperties, "firmware", depth + 1);
    }
    return out;
  }

  return compose;
}

function singular(name: string): string {
  if (name === "assetIds") return "assetId";
  return name.endsWith("s") ? name.slice(0, -1) : name;
}

function composeNumber(schema: Schema): number {
  const min = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : 0);
  const max = schema.maximum ?? Number.MAX_SAFE_INTEGER;
  return Math.min(Math.max(1, min), max);
}

function composeString(schema: Schema, name: string): string {
  switch (schema.format) {
    case "uuid":
      return exampleGuid(name);
    case "date-time":
      return TIME;
    case "date":
      return TIME.slice(0, 10);
    case "uri":
      return `https://example.com/${name || "resource"}`;
    case "email":
      return "buyer@example.com";
  }
  const candidates = [name ? `${name}-example` : "example", "example", "1.0.0", "1", "a"];
  const fitting = candidates.find((c) => fits(c, schema));
  if (fitting) return fitting;
  const length = Math.max(schema.minLength ?? 1, 1);
  return "x".repeat(length);
}

/** The first contract code a problem response's description names, else the first code of its status. */
export function problemCode(status: number, description: string | undefined): ErrorCode {
  for (const match of (description ?? "").matchAll(/`([a-z-]+)`/g)) {
    const code = match[1];
    if (isErrorCode(code) && ERROR_CODES[code] === status) return code;
  }
  const byStatus = (Object.keys(ERROR_CODES) as ErrorCode[]).find((code) => ERROR_CODES[code] === status);
  return byStatus ?? "internal";
}

const DETAILS: Partial<Record<ErrorCode, string>> = {
  "validation-failed": "The request is not valid: see `errors`.",
  unauthenticated: "The access token has expired.",
  forbidden: "This route needs the developer role.",
  "not-found": "No such resource in your organisation.",
  "rate-limited": "The organisation's request budget is spent; retry after 12 seconds.",
  "upstream-unavailable": "The publishing service is unavailable; retry after 1 second.",
};

const EXTRAS: Partial<Record<ErrorCode, Json>> = {
  "item-not-ready": { unmet: ["release"] },
  "invalid-state": { state: "retired" },
  "asset-invalid": { reasons: ["not-square"] },
  "upload-expired": { expiresAt: TIME },
  "refund-exceeds-remaining": { remaining: { amount: 500, currency: "EUR" } },
  "price-below-base": { basePrice: { amount: 1500, currency: "EUR" }, platformFeeBps: 1000 },
  internal: { errorId: "0195c0de-0000-7000-8000-00000000e770" },
};

/** A problem body as the gateway writes it, for one documented error response. */
export function problemExample(
  status: number,
  description: string | undefined,
  instance: string,
  field: string,
): Json {
  const code = problemCode(status, description);
  return {
    type: `${PROBLEM_TYPE_BASE}${code}`,
    title: TITLES[code],
    status,
    detail: DETAILS[code] ?? TITLES[code],
    instance,
    code,
    traceId: TRACE_ID,
    ...(code === "validation-failed" ? { errors: { [field]: ["Invalid input."] } } : {}),
    ...((code === "request-id-reused" ? reusedBy(instance) : EXTRAS[code]) ?? {}),
  };
}

/**
 * `request-id-reused` names what the request id created: an instance, a rollout, a webhook endpoint or a
 * listing.
 */
function reusedBy(path: string): Json {
  if (path.includes("/rollouts")) return { rolloutId: "0195c0de-0000-7000-8000-0000000001b7" };
  if (path.includes("/listings")) return { listingId: "0195c0de-0000-7000-8000-0000000001d3" };
  if (path.includes("/webhook-endpoints")) return { endpointId: "0195c0de-0000-7000-8000-0000000001c9" };
  return { instanceId: "0195c0de-0000-7000-8000-0000000001a5" };
}

/** The first string-keyed location a 400 could name: a body member, else a query or path parameter. */
function firstField(operation: Json, components: Record<string, Schema>): string {
  const body = (operation.requestBody as Json | undefined)?.content as Record<string, { schema?: Schema }>;
  const schema = body?.["application/json"]?.schema;
  const resolved = schema?.$ref ? components[schema.$ref.replace("#/components/schemas/", "")] : schema;
  const member = Object.keys(resolved?.properties ?? {})[0];
  if (member) return `body.${member}`;
  const parameter = ((operation.parameters as Json[] | undefined) ?? [])[0];
  if (parameter) return `${parameter.in}.${parameter.name}`;
  return "body";
}

const TEXT_EXAMPLES: Record<string, string> = {
  "text/csv; charset=utf-8":
    "occurredAt,kind,purchaseId,marketplaceItemId,displayName,deviceId,gross,platformFee,share\r\n",
  "application/pdf": "%PDF-1.7 ...",
  "text/event-stream": 'id: 1\nevent: progress\ndata: {"status":"running"}\n\n',
};

/** Give every description-less member the glossary's description, in components and inline schemas. */
export function describeMembers(node: unknown): void {
  if (Array.isArray(node)) {
    for (const child of node) describeMembers(child);
    return;
  }
  if (node === null || typeof node !== "object") return;
  const schema = node as Json;
  const properties = schema.properties as Record<string, Json> | undefined;
  if (properties && typeof properties === "object" && !Array.isArray(properties)) {
    for (const [member, child] of Object.entries(properties)) {
      const description = FIELD_GLOSSARY[member]?.description;
      if (child && typeof child === "object" && !child.description && !child.$ref && description) {
        child.description = description;
      }
    }
  }
  for (const child of Object.values(schema)) describeMembers(child);
}

/** Add an example to every parameter, request body and response of every operation. */
export function addExamples(document: { paths?: Json; components?: { schemas?: Json } }): void {
  const components = (document.components?.schemas ?? {}) as Record<string, Schema>;
  const compose = exampleComposer(components);
  for (const [path, operations] of Object.entries(document.paths ?? {}) as [string, Json][]) {
    for (const operation of Object.values(operations) as Json[]) {
      const parameters = (operation.parameters as Json[] | undefined) ?? [];
      const values: Record<string, unknown> = {};
      for (const parameter of parameters) {
        const ref = (parameter.schema as Schema | undefined)?.$ref;
        // zod's description of a `$ref`'d parameter schema is dropped on the way; the component's stands in.
        if (!parameter.description && ref) {
          parameter.description = components[ref.replace("#/components/schemas/", "")]?.description;
        }
        if (parameter.example === undefined && parameter.schema) {
          parameter.example = compose(parameter.schema as Schema, String(parameter.name));
        }
        values[String(parameter.name)] = parameter.example;
      }
      const instance = path.replace(/\{([^}]+)\}/g, (_, name: string) => String(values[name] ?? name));
      const body = operation.requestBody as { content?: Record<string, Json> } | undefined;
      for (const media of Object.values(body?.content ?? {})) {
        media.example ??= compose(media.schema as Schema, "");
      }
      const field = firstField(operation, components);
      for (const [status, response] of Object.entries((operation.responses ?? {}) as Record<string, Json>)) {
        const content = response.content as Record<string, Json> | undefined;
        for (const [type, media] of Object.entries(content ?? {})) {
          if (media.example !== undefined) continue;
          const own = (media.schema as Schema | undefined)?.examples?.[0];
          if (Number(status) >= 400) {
            media.example = problemExample(Number(status), response.description as string, instance, field);
          } else if (own === undefined && TEXT_EXAMPLES[type] !== undefined) {
            media.example = TEXT_EXAMPLES[type];
          } else {
            media.example = compose(media.schema as Schema, "");
          }
        }
      }
    }
  }
}

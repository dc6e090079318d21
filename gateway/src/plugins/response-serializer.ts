import fastJsonStringify, { type Schema } from "fast-json-stringify";
import type { FastifySerializerCompiler } from "fastify";
import { serializerCompiler as zodSerializerCompiler } from "fastify-type-provider-zod";
import { z } from "zod";

type Json = Record<string, unknown>;
/** The subset of JSON Schema written here (type, properties, required, items, additionalProperties). */
type JsonSchema = Json;
type RouteSchema = Parameters<FastifySerializerCompiler<z.ZodType>>[0];

/**
 * The JSON Schema fast-json-stringify needs to write what `schema` accepts exactly as zod's parse followed
 * by `JSON.stringify` would, or undefined when it cannot promise that. Only shapes whose parse changes
 * nothing but the set of object keys qualify: objects (unknown keys dropped, or kept by a loose object),
 * arrays, strings (formats and patterns are checks, not changes), numbers, booleans, null, string enums
 * and literals, optional and nullable scalars. Anything that can rewrite a value on the way out
 * (transform, pipe, default, catch, `.trim()`-like overwrites, unions, records, dates) is left to zod.
 */
export function plainJsonSchema(schema: z.ZodType): JsonSchema | undefined {
  const def = schema._zod.def as z.core.$ZodTypeDef & Json;
  const checks = (def.checks ?? []) as { _zod: { def: { check: string } } }[];
  if (checks.some((check) => check._zod.def.check === "overwrite")) return undefined;
  switch (def.type) {
    case "string":
      return { type: "string" };
    case "number":
      // "number", not "integer": fast-json-stringify would truncate a fraction zod refuses anyway, and
      // writes an integer the same way either way.
      return { type: "number" };
    case "boolean":
      return { type: "boolean" };
    case "null":
      return { type: "null" };
    case "enum": {
      const values = Object.values(def.entries as Json);
      return values.every((value) => typeof value === "string") ? { type: "string" } : undefined;
    }
    case "literal": {
      const kinds = new Set((def.values as unknown[]).map((value) => typeof value));
      const [kind] = kinds;
      return kinds.size === 1 && (kind === "string" || kind === "number" || kind === "boolean")
        ? { type: kind }
        : undefined;
    }
    case "optional":
    case "readonly":
      return plainJsonSchema(def.innerType as z.ZodType);
    case "nullable": {
      const inner = plainJsonSchema(def.innerType as z.ZodType);
      const type = inner?.type;
      return typeof type === "string" && ["string", "number", "boolean"].includes(type)
        ? { type: [type, "null"] }
        : undefined;
    }
    case "array": {
      const items = plainJsonSchema(def.element as z.ZodType);
      return items ? { type: "array", items } : undefined;
    }
    case "object": {
      const catchall = (def.catchall as z.ZodType | undefined)?._zod.def.type;
      // Unknown keys: dropped by a plain object, refused by a strict one (only data zod refuses differs),
      // kept as they are by a loose one.
      const keepsUnknown = catchall === "unknown" || catchall === "any";
      if (catchall !== undefined && !keepsUnknown && catchall !== "never") return undefined;
      const properties: Record<string, JsonSchema> = {};
      const required: string[] = [];
      for (const [key, member] of Object.entries(def.shape as Record<string, z.ZodType>)) {
        const property = plainJsonSchema(member);
        if (!property) return undefined;
        properties[key] = property;
        if (member._zod.optout !== "optional") required.push(key);
      }
      // fast-json-stringify writes required members first: declared only while that keeps zod's order
      // (the shape's), else a missing member is left out instead of refused (the route's types forbid it).
      const keys = Object.keys(properties);
      const inOrder = required.every((key, index) => keys[index] === key);
      return {
        type: "object",
        properties,
        required: inOrder ? required : [],
        additionalProperties: keepsUnknown,
      };
    }
    default:
      return undefined;
  }
}

const fallback = zodSerializerCompiler as unknown as (route: RouteSchema) => (data: unknown) => string;

// Measured: a catalogue page of 20 in 28 µs against the zod serializer's 129 µs (docs/benchmarks.md).
/**
 * Fastify's serializer compiler for the gateway's zod response schemas. Bodies built by the routes from
 * service answers (already checked by the services and shaped by the mappers) are written by a
 * fast-json-stringify function compiled from the schema, instead of being parsed by zod again on every
 * answer: same keys, same order, same JSON, unknown keys dropped as before. A required member missing is
 * still an error (a 500, as a failed zod parse was) where the schema lists its required members before its
 * optional ones; the route's types forbid it anyway. Schemas fast-json-stringify cannot write exactly as
 * zod would (see `plainJsonSchema`) keep the zod serializer. Each function is compiled on first use, so
 * routes never answered cost nothing at start-up. The OpenAPI document is built from the zod schemas and
 * does not change.
 */
export const responseSerializerCompiler: FastifySerializerCompiler<z.ZodType> = (route) => {
  let serialize: ((data: unknown) => string) | undefined;
  return (data) => {
    serialize ??= compile(route as RouteSchema);
    return serialize(data);
  };
};

function compile(route: RouteSchema): (data: unknown) => string {
  const schema = route.schema as unknown;
  const zodSchema =
    schema instanceof z.ZodType
      ? schema
      : (schema as { properties?: unknown } | undefined)?.properties instanceof z.ZodType
        ? ((schema as { properties: z.ZodType }).properties as z.ZodType)
        : undefined;
  const plain = zodSchema ? plainJsonSchema(zodSchema) : undefined;
  if (!plain) return fallback(route);
  return fastJsonStringify(plain as unknown as Schema) as (data: unknown) => string;
}

/**
 * The serializer compiler of routes whose success body a mapper builds member by member (exactly the
 * schema's keys, every value already in the contract's form: the instances routes). Their 200 is written
 * by `JSON.stringify`, which is what zod's serializer wrote after a parse that, for such a body, changes
 * nothing: same JSON, byte for byte. It allocates the answer once, flat, where the fast-json-stringify
 * function builds it from a string concatenation per member (a fifth of the gateway's allocation on the
 * instance list, most of it collected young). Every other status keeps `responseSerializerCompiler`.
 */
export function mappedBodySerializerCompiler(
  route: Omit<RouteSchema, "schema"> & { schema: unknown },
): (data: unknown) => string {
  return route.httpStatus === "200" ? writeMapped : responseSerializerCompiler(route as RouteSchema);
}

// One argument only: fastify passes the status code second, which JSON.stringify would take as a replacer.
const writeMapped = (data: unknown): string => JSON.stringify(data);

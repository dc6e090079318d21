import type { Schema } from "./document";

/** A fixed UUIDv7-shaped id nobody owns: valid in form, absent from every table. */
export const NOBODY_ID = "0193a5d0-0000-7000-8000-00000000f00d";

/** The first member of an `anyOf` that is not `null`: the one a real client fills in. */
export function concrete(schema: Schema): Schema {
  return schema.anyOf?.find((member) => member.type !== "null") ?? schema;
}

function typeOf(schema: Schema): string | undefined {
  return Array.isArray(schema.type) ? schema.type.find((t) => t !== "null") : schema.type;
}

/**
 * A plain, valid value for `schema`: what a careful client would send, every optional object member
 * included (so a sweep can reach it). Deterministic, so a failing test names the same request every run.
 * Values the contract validates beyond the schema (an icon's size, a future `expiresAt`) are chosen to
 * pass those rules too.
 */
export function example(input: Schema, name = ""): unknown {
  const schema = concrete(input);
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  switch (typeOf(schema)) {
    case "object": {
      // Every member, but one that may not be sent with another member (a rollout's boardId with its
      // deviceIds).
      const members = Object.entries(schema.properties ?? {});
      const names = new Set(members.map(([member]) => member));
      return Object.fromEntries(
        members
          .filter(([, child]) => !(child.exclusiveWith && names.has(child.exclusiveWith)))
          .map(([member, child]) => [member, example(child, member)]),
      );
    }
    case "array": {
      const count = Math.max(schema.minItems ?? 1, 1);
      return Array.from({ length: count }, () => example(schema.items ?? {}, name));
    }
    case "integer":
    case "number":
      return numberExample(schema, name);
    case "boolean":
      return false;
    case "null":
      return null;
    default:
      return stringExample(schema, name);
  }
}

function numberExample(schema: Schema, name: string): number {
  const min = schema.minimum ?? 0;
  const max = schema.maximum ?? Number.MAX_SAFE_INTEGER;
  // Pixel sizes and byte counts: a square icon of 256 px fits every asset rule.
  const preferred = /width|height/i.test(name) ? 256 : /bytes/i.test(name) ? 1024 : min;
  return Math.min(Math.max(preferred, min), max);
}

function stringExample(schema: Schema, name: string): string {
  switch (schema.format) {
    case "uuid":
      return NOBODY_ID;
    case "date-time":
      // Statement periods are whole UTC months; a past month without statements, so closing it (the
      // batches example) changes nothing another test reads.
      if (name === "periodStartUtc") return "2025-01-01T00:00:00.000Z";
      if (name === "periodEndUtc") return "2025-02-01T00:00:00.000Z";
      // A window of a month before the generic "a day ahead" end: start before end.
      if (name === "startUtc")
        return new Date(Date.now() - 30 * 24 * 3600_000).toISOString().replace(/\.\d{3}Z$/, ".000Z");
      // A day ahead: a valid `expiresAt`, and a valid period bound.
      return new Date(Date.now() + 24 * 3600_000).toISOString().replace(/\.\d{3}Z$/, ".000Z");
    case "date":
      return "2026-01-01";
    case "uri":
      return "https://example.com/terms";
    case "email":
      return "buyer@example.com";
  }
  if (schema.patterns?.includes("^[0-9A-Fa-f]{16}$")) return "00112233aabbccdd";
  // An SSE `Last-Event-ID`: a non-negative integer, two digits so a character can go inside it.
  if (schema.patterns?.includes("^\\d{1,15}$")) return "10";
  if (/version/i.test(name)) return "1.0.0";
  const length = Math.max(schema.minLength ?? 1, Math.min(8, schema.maxLength ?? 8));
  return "security".padEnd(length, "x").slice(0, Math.max(length, 1));
}

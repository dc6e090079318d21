import fc from "fast-check";
import type { Schema } from "./document";
import { concrete } from "./examples";

/**
 * fast-check arbitraries for the subset of JSON Schema the gateway's document uses (objects with
 * `additionalProperties`, arrays with item bounds, strings with length, patterns and the formats uuid,
 * date-time, date and uri, integers with bounds, booleans, enums, `anyOf` with null). No maintained
 * library converts JSON Schema 2020-12 to fast-check 4 arbitraries, so this small converter does, in two
 * flavours: `valid` values a careful client would send, and `hostile` ones a careless or malicious one
 * would.
 */

/** Ids the fuzz may use instead of random ones, so some requests reach real rows rather than a 404. */
export interface KnownValues {
  uuids: string[];
  integers: number[];
  strings: string[];
}

export const NO_KNOWN_VALUES: KnownValues = { uuids: [], integers: [], strings: [] };

const INT32 = 2 ** 31 - 1;

function typeOf(schema: Schema): string | undefined {
  return Array.isArray(schema.type) ? schema.type.find((t) => t !== "null") : schema.type;
}

function withKnown<T>(generated: fc.Arbitrary<T>, known: readonly T[]): fc.Arbitrary<T> {
  return known.length === 0
    ? generated
    : fc.oneof({ weight: 2, arbitrary: generated }, { weight: 1, arbitrary: fc.constantFrom(...known) });
}

/** Text that meets every pattern of the schema, within its length bounds, from ASCII or all of Unicode. */
function patternedString(schema: Schema): fc.Arbitrary<string> {
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.min(schema.maxLength ?? 64, 300);
  const patterns = (schema.patterns ?? []).map((p) => new RegExp(p, "u"));
  const exact = patterns.find((p) => !p.source.startsWith("^[^"));
  if (exact) return fc.stringMatching(exact).filter((s) => patterns.every((p) => p.test(s)));
  const text = fc.oneof(
    { weight: 3, arbitrary: fc.string({ minLength, maxLength }) },
    { weight: 1, arbitrary: fc.string({ unit: "grapheme", minLength, maxLength }) },
    { weight: 1, arbitrary: fc.string({ unit: "binary", minLength, maxLength }) },
  );
  return text.filter((s) => s.trim().length >= Math.min(minLength, 1) && patterns.every((p) => p.test(s)));
}

function validString(schema: Schema, known: KnownValues): fc.Arbitrary<string> {
  switch (schema.format) {
    case "uuid":
      return withKnown(fc.uuid({ version: [4, 7] }), known.uuids);
    case "date-time":
      return fc
        .date({
          min: new Date("2000-01-01T00:00:00Z"),
          max: new Date("2100-01-01T00:00:00Z"),
          noInvalidDate: true,
        })
        .map((d) => d.toISOString());
    case "date":
      return fc
        .date({
          min: new Date("2000-01-01T00:00:00Z"),
          max: new Date("2100-01-01T00:00:00Z"),
          noInvalidDate: true,
        })
        .map((d) => d.toISOString().slice(0, 10));
    case "uri":
      return fc.webUrl({ validSchemes: ["https"], withQueryParameters: true, withFragments: true });
    case "email":
      return fc.emailAddress();
  }
  return withKnown(patternedString(schema), known.strings);
}

function validInteger(schema: Schema, known: KnownValues): fc.Arbitrary<number> {
  const min = schema.minimum ?? -Number.MAX_SAFE_INTEGER;
  const max = schema.maximum ?? Number.MAX_SAFE_INTEGER;
  const small = fc.integer({ min: Math.max(min, -INT32), max: Math.min(max, INT32) });
  const ends = fc.constantFrom(min, max);
  const inRange = known.integers.filter((n) => n >= min && n <= max);
  return fc.oneof({ weight: 4, arbitrary: withKnown(small, inRange) }, { weight: 1, arbitrary: ends });
}

/** A value the schema accepts. */
export function valid(input: Schema, known: KnownValues = NO_KNOWN_VALUES): fc.Arbitrary<unknown> {
  if (input.anyOf) return fc.oneof(...input.anyOf.map((member) => valid(member, known)));
  const schema = input;
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  switch (typeOf(schema)) {
    case "object": {
      const properties = schema.properties ?? {};
      const model = Object.fromEntries(Object.entries(properties).map(([k, v]) => [k, valid(v, known)]));
      const record = fc.record(model, {
        requiredKeys: (schema.required ?? []).filter((k) => k in properties),
      });
      if (!schema.additionalProperties) return record;
      return fc
        .tuple(
          record,
          fc.dictionary(fc.string({ minLength: 1, maxLength: 12 }), fc.jsonValue({ maxDepth: 2 })),
        )
        .map(([fixed, extra]) => ({ ...extra, ...fixed }));
    }
    case "array":
      return fc.array(valid(schema.items ?? {}, known), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.min(schema.maxItems ?? 5, 10),
      });
    case "integer":
      return validInteger(schema, known);
    case "number":
      return fc.double({ min: schema.minimum, max: schema.maximum, noNaN: true, noDefaultInfinity: true });
    case "boolean":
      return fc.boolean();
    case "null":
      return fc.constant(null);
    default:
      return validString(schema, known);
  }
}

/** Strings that break rules: control characters, dot segments, separators, odd Unicode, sheer length. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  {
    weight: 10,
    arbitrary: fc.constantFrom(
      "",
      " ",
      ".",
      "..",
      "../../etc/passwd",
      "a/b",
      "a\\b",
      "\u0000",
      "x\u0000y",
      "\u007f",
      "\r\n",
      "\ud800",
      "\udfff\ud800",
      "\u202e\u0644",
      "\ufeff",
      "null",
      "true",
      "-1",
      "1e309",
      "NaN",
      "0x10",
      "__proto__",
      "constructor",
      "' OR 1=1 --",
      "%00",
      "%2e%2e%2f",
      // biome-ignore lint/suspicious/noTemplateCurlyInString: a log-injection probe, sent as a plain string
      "${jndi:ldap://x}",
      "<script>alert(1)</script>",
      "mk_test_aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa",
      "0193a5d0-0000-7000-8000-00000000000G",
      "0193A5D0-0000-7000-8000-00000000F00D",
    ),
  },
  { weight: 5, arbitrary: fc.string({ unit: "binary", maxLength: 40 }) },
  { weight: 5, arbitrary: fc.string({ unit: "grapheme", maxLength: 40 }) },
  { weight: 1, arbitrary: fc.integer({ min: 200, max: 20_000 }).map((n) => "x".repeat(n)) },
  { weight: 1, arbitrary: fc.integer({ min: 50, max: 2_000 }).map((n) => "😀".repeat(n)) },
);

/** Numbers past every bound: negative, fractional, beyond 2^53, beyond a double. */
const hostileNumber: fc.Arbitrary<number> = fc.oneof(
  fc.constantFrom(-1, 0, -0, 0.5, 1.5, 2 ** 31, 2 ** 53, 2 ** 53 + 2, -(2 ** 63), 1e21, Number.MAX_VALUE),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer(),
);

/** Anything of the wrong type for any field. */
const wrongType: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  hostileNumber,
  hostileString,
  fc.array(fc.jsonValue({ maxDepth: 1 }), { maxLength: 4 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 4 }),
);

/** A value the schema refuses, or one at its very edge. */
export function hostile(input: Schema, known: KnownValues = NO_KNOWN_VALUES): fc.Arbitrary<unknown> {
  const schema = concrete(input);
  const type = typeOf(schema);
  const specific: fc.Arbitrary<unknown>[] = [wrongType];
  if (type === "string" || schema.enum) {
    const max = schema.maxLength ?? 64;
    specific.push(
      hostileString,
      fc.constant("y".repeat(max + 1)),
      validString(schema, known).map((s) => `${s}\u0000`),
      validString(schema, known).map((s) => ` ${s} `),
      validString(schema, known).map((s) => s.toUpperCase()),
    );
  }
  if (type === "integer" || type === "number") {
    const bounds = [schema.minimum, schema.maximum].filter((b): b is number => b !== undefined);
    specific.push(hostileNumber, fc.constantFrom(...bounds.flatMap((b) => [b - 1, b + 1, b + 0.5]), 0));
    specific.push(validInteger(schema, known).map(String));
  }
  if (type === "array") {
    const item = schema.items ?? {};
    specific.push(
      fc.constant([]),
      fc.array(valid(item, known), {
        minLength: (schema.maxItems ?? 10) + 1,
        maxLength: (schema.maxItems ?? 10) + 3,
      }),
      fc.array(hostile(item, known), { minLength: 1, maxLength: 3 }),
      valid(item, known).map((v) => [v, v]),
    );
  }
  if (type === "object") specific.push(hostileObject(schema, known));
  return fc.oneof(...specific);
}

/** An object missing required members, carrying unknown ones, or with one member made hostile. */
function hostileObject(schema: Schema, known: KnownValues): fc.Arbitrary<unknown> {
  const members = Object.keys(schema.properties ?? {});
  const base = valid(schema, known) as fc.Arbitrary<Record<string, unknown>>;
  const options: fc.Arbitrary<unknown>[] = [
    base.map((o) => ({ ...o, unexpected: true })),
    base.map((o) => ({ ...o, organisationId: "0193a5d0-0000-7000-8000-00000000000b", roles: ["admin"] })),
    fc.constant({}),
  ];
  if (members.length > 0) {
    options.push(
      fc.tuple(base, fc.constantFrom(...members)).map(([o, drop]) => {
        const { [drop]: _, ...rest } = o;
        return rest;
      }),
      fc
        .constantFrom(...members)
        .chain((name) => fc.tuple(base, fc.constant(name), hostile(schema.properties![name]!, known)))
        .map(([o, name, value]) => ({ ...o, [name]: value })),
    );
  }
  return fc.oneof(...options);
}

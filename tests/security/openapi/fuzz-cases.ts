import fc from "fast-check";
import type { WireRequest } from "../support/http";
import { hostile, hostileString, type KnownValues, valid } from "./arbitraries";
import { encode, encodeQuery, fillPath, type Operation, type Parameter } from "./document";

/** Who the request claims to be: mostly a real organisation, sometimes nobody or a forgery. */
export type Credential = "token" | "apiKey" | "none" | "expired" | "wrongAudience" | "garbage" | "unknownKey";

export interface FuzzCase {
  /** Raw path values, encoded when the request is built; `raw` ones go on the wire as they are. */
  path: Record<string, { value: string; raw: boolean }>;
  query: string;
  headers: Record<string, string>;
  body: string | undefined;
  contentType: string | undefined;
  credential: Credential;
}

/** What a case authenticates with; the fuzz file supplies real and broken credentials. */
export type Credentials = Record<Credential, Record<string, string>>;

/** Path segments that no encoding makes safe, put on the wire untouched. */
const RAW_SEGMENTS = ["%", "%zz", "%C0%AE", "%2e%2e", "..%2f", "%00", "%E0%A4%A", "%ED%A0%80", "%FF%FE"];

function pathValue(parameter: Parameter, known: KnownValues) {
  return fc.oneof(
    { weight: 6, arbitrary: valid(parameter.schema, known).map((v) => ({ value: String(v), raw: false })) },
    { weight: 3, arbitrary: hostileString.map((value) => ({ value, raw: false })) },
    { weight: 1, arbitrary: fc.constantFrom(...RAW_SEGMENTS).map((value) => ({ value, raw: true })) },
  );
}

/** Query values on the wire: the valid value, a hostile one, repeated, or left out. */
function queryValue(parameter: Parameter, known: KnownValues): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: parameter.required ? 1 : 4, arbitrary: fc.constant(undefined) },
    { weight: 6, arbitrary: valid(parameter.schema, known) },
    { weight: 3, arbitrary: hostile(parameter.schema, known) },
    { weight: 1, arbitrary: fc.tuple(valid(parameter.schema, known), valid(parameter.schema, known)) },
  );
}

const RAW_QUERY_TAILS = [
  "%",
  "%zz",
  "a=%E0%A4%A",
  "__proto__[admin]=1",
  "constructor[prototype][x]=1",
  "a[b]=c",
  "&&&",
  "=x",
];

function query(operation: Operation, known: KnownValues): fc.Arbitrary<string> {
  const parameters = operation.parameters.filter((p) => p.in === "query");
  const model = Object.fromEntries(parameters.map((p) => [p.name, queryValue(p, known)]));
  return fc
    .tuple(
      fc.record(model),
      fc.option(
        fc.dictionary(fc.string({ minLength: 1, maxLength: 10 }), fc.string({ maxLength: 10 }), {
          maxKeys: 2,
        }),
        {
          freq: 8,
        },
      ),
      fc.option(fc.constantFrom(...RAW_QUERY_TAILS), { freq: 12 }),
    )
    .map(([values, extra, tail]) => {
      const plain = Object.fromEntries(
        Object.entries(values).map(([k, v]) => [k, Array.isArray(v) ? v.map(stringify) : stringify(v)]),
      );
      const encoded = encodeQuery({ ...(extra ?? {}), ...plain });
      return tail ? [encoded, tail].filter(Boolean).join("&") : encoded;
    });
}

function stringify(value: unknown): string | undefined {
  if (value === undefined) return undefined;
  return typeof value === "string" ? value : JSON.stringify(value);
}

/** JSON texts no serialiser would write, and a body just over the 1 MiB limit (rarely: it is costly). */
const RAW_BODIES: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    "",
    "{",
    '{"a":',
    "[]",
    "null",
    "0",
    '"text"',
    "{}}",
    '{"__proto__":{"admin":true}}',
    '{"constructor":{"prototype":{"admin":true}}}',
    "\u0000",
    "\ufeff{}",
    '{"a":1,"a":2}',
    `${"[".repeat(5000)}${"]".repeat(5000)}`,
    `{"n":1${"0".repeat(400)}}`,
  ),
  fc.string({ unit: "binary", maxLength: 64 }),
);

const HUGE_BODY = `{"name":"${"x".repeat(1024 * 1024 + 16)}"}`;

function body(operation: Operation, known: KnownValues): fc.Arbitrary<string | undefined> {
  const sendsNoBody = operation.method === "GET";
  if (sendsNoBody) return fc.constant(undefined);
  if (!operation.body) {
    return fc.oneof(
      { weight: 8, arbitrary: fc.constant(undefined) },
      { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }).map((v) => JSON.stringify(v)) },
      { weight: 1, arbitrary: RAW_BODIES },
    );
  }
  const schema = operation.body.schema;
  return fc.oneof(
    { weight: 1000, arbitrary: valid(schema, known).map((v) => JSON.stringify(v)) },
    { weight: 800, arbitrary: hostile(schema, known).map((v) => JSON.stringify(v)) },
    { weight: 200, arbitrary: RAW_BODIES },
    { weight: operation.body.required ? 100 : 300, arbitrary: fc.constant(undefined) },
    { weight: 2, arbitrary: fc.constant(HUGE_BODY) },
  );
}

const CONTENT_TYPES = fc.constantFrom(
  "text/plain",
  "application/x-www-form-urlencoded",
  "multipart/form-data; boundary=x",
  "application/xml",
  "application/json; charset=utf-16",
  "APPLICATION/JSON",
  "application/merge-patch+json",
  "application/json, text/plain",
  "",
);

function contentType(hasBody: boolean): fc.Arbitrary<string | undefined> {
  return fc.oneof(
    { weight: 12, arbitrary: fc.constant(hasBody ? "application/json" : undefined) },
    { weight: 1, arbitrary: fc.constant(undefined) },
    { weight: 2, arbitrary: CONTENT_TYPES },
  );
}

const CREDENTIAL: fc.Arbitrary<Credential> = fc.oneof(
  { weight: 40, arbitrary: fc.constant("token" as const) },
  { weight: 4, arbitrary: fc.constant("apiKey" as const) },
  {
    weight: 6,
    arbitrary: fc.constantFrom<Credential>("none", "expired", "wrongAudience", "garbage", "unknownKey"),
  },
);

/** Headers the document names (the payment notification's signature), valid or not, or left out. */
function documentedHeaders(operation: Operation, known: KnownValues): fc.Arbitrary<Record<string, string>> {
  const parameters = operation.parameters.filter((p) => p.in === "header");
  const model = Object.fromEntries(
    parameters.map((p) => [
      p.name,
      fc.option(
        fc.oneof(valid(p.schema, known).map(String), hostileString).filter((v) => /^[\t\x20-\x7e]*$/.test(v)),
      ),
    ]),
  );
  return fc
    .record(model)
    .map((values) =>
      Object.fromEntries(
        Object.entries(values).filter((e): e is [string, string] => typeof e[1] === "string"),
      ),
    );
}

/** One request to `operation`, from plausible to hostile in every part. */
export function fuzzCase(operation: Operation, known: KnownValues): fc.Arbitrary<FuzzCase> {
  const pathModel = Object.fromEntries(
    operation.parameters.filter((p) => p.in === "path").map((p) => [p.name, pathValue(p, known)]),
  );
  return fc
    .record({
      path: fc.record(pathModel),
      query: query(operation, known),
      headers: documentedHeaders(operation, known),
      body: body(operation, known),
      credential: CREDENTIAL,
    })
    .chain((parts) =>
      contentType(parts.body !== undefined).map((type): FuzzCase => ({ ...parts, contentType: type })),
    );
}

/** Whether every path value lands in its own segment, so the request reaches this operation's route. */
export function routable(fuzz: FuzzCase): boolean {
  return Object.values(fuzz.path).every(
    ({ value, raw }) => !raw && value !== "" && value !== "." && value !== "..",
  );
}

export function toWireRequest(operation: Operation, fuzz: FuzzCase, credentials: Credentials): WireRequest {
  const encoded = Object.fromEntries(Object.entries(fuzz.path).map(([name, { value }]) => [name, value]));
  let path = fillPath(operation.template, encoded);
  for (const { value, raw } of Object.values(fuzz.path)) {
    if (raw) path = path.replace(encode(value), value);
  }
  const headers: Record<string, string> = { ...fuzz.headers, ...credentials[fuzz.credential] };
  if (fuzz.contentType !== undefined) headers["content-type"] = fuzz.contentType;
  return { method: operation.method, path, query: fuzz.query, headers, body: fuzz.body };
}

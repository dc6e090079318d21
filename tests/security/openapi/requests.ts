import type { WireRequest } from "../support/http";
import { encodeQuery, fillPath, type Operation, type Parameter, type Schema } from "./document";
import { concrete, example } from "./examples";

/** Where a value sits in a request, named the way the gateway's `errors` name it: `body.price.currency`. */
export interface Field {
  name: string;
  in: "path" | "query" | "header" | "body";
  /** For body fields, the member names from the body's root; for parameters, the parameter's name. */
  segments: string[];
  schema: Schema;
}

/** The example value of each parameter of `operation` that sits `where`, as the wire carries it. */
export function exampleParameters(operation: Operation, where: Parameter["in"], onlyRequired = false) {
  const values: Record<string, string> = {};
  for (const parameter of operation.parameters) {
    if (parameter.in !== where || (onlyRequired && !parameter.required)) continue;
    values[parameter.name] = String(example(parameter.schema, parameter.name));
  }
  return values;
}

/** Every parameter and every string a body can carry, nested members and array items included. */
export function fieldsOf(operation: Operation): Field[] {
  const fields: Field[] = operation.parameters.map((p) => ({
    name: `${p.in}.${p.name}`,
    in: p.in,
    segments: [p.name],
    schema: p.schema,
  }));
  const walk = (schema: Schema, segments: string[]) => {
    const node = concrete(schema);
    if (node.properties) {
      for (const [member, child] of Object.entries(node.properties)) walk(child, [...segments, member]);
      return;
    }
    if (node.items) {
      walk(node.items, [...segments, "0"]);
      return;
    }
    const type = Array.isArray(node.type) ? node.type : [node.type];
    if (type.includes("string") || node.enum?.every((v) => typeof v === "string")) {
      fields.push({ name: ["body", ...segments].join("."), in: "body", segments, schema: node });
    }
  };
  if (operation.body) walk(operation.body.schema, []);
  return fields;
}

export interface RequestParts {
  path: Record<string, string>;
  query: Record<string, unknown>;
  headers: Record<string, string>;
  body: unknown;
}

/**
 * A valid request for `operation` in parts: example path values, the required query parameters (or all of
 * them), example headers, and the example body with every member. `parts` overrides any of them.
 */
export function exampleParts(operation: Operation, options: { allQuery?: boolean } = {}): RequestParts {
  return {
    path: exampleParameters(operation, "path"),
    query: exampleParameters(operation, "query", !options.allQuery),
    headers: exampleParameters(operation, "header"),
    body: operation.body ? example(operation.body.schema) : undefined,
  };
}

/** The wire request of `parts` for `operation`, authenticated with `token` when given. */
export function toWire(operation: Operation, parts: RequestParts, token?: string): WireRequest {
  const headers: Record<string, string> = { ...parts.headers };
  if (token) headers.authorization = `Bearer ${token}`;
  if (parts.body !== undefined) headers["content-type"] = "application/json";
  return {
    method: operation.method,
    path: fillPath(operation.template, parts.path),
    query: encodeQuery(parts.query),
    headers,
    body: parts.body === undefined ? undefined : JSON.stringify(parts.body),
  };
}

/** A deep copy of `body` with the member at `segments` replaced by `value`. */
export function withMember(body: unknown, segments: string[], value: unknown): unknown {
  const copy = structuredClone(body) as Record<string, unknown>;
  let node: Record<string, unknown> = copy;
  for (const segment of segments.slice(0, -1)) node = node[segment] as Record<string, unknown>;
  node[segments[segments.length - 1]!] = value;
  return copy;
}

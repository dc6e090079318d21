import { readFileSync } from "node:fs";

/** A JSON Schema node of the document, `$ref`s resolved and `allOf`s merged (see `resolve`). */
export interface Schema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  /** Every pattern the value must match: a node's own and those of its `allOf` members. */
  patterns?: string[];
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  items?: Schema;
  minItems?: number;
  maxItems?: number;
  properties?: Record<string, Schema>;
  required?: string[];
  /** false: unknown members are refused; true: the operation keeps them (payment notifications). */
  additionalProperties?: boolean;
  anyOf?: Schema[];
  default?: unknown;
  /** The member this one may not be sent with, as its description says ("Exclusive with `x`"). */
  exclusiveWith?: string;
}

export interface Parameter {
  name: string;
  in: "path" | "query" | "header";
  required: boolean;
  schema: Schema;
}

export interface Operation {
  operationId: string;
  method: "GET" | "POST" | "PUT" | "DELETE" | "PATCH";
  /** The document's template, e.g. `/marketplace/instances/{id}`. */
  template: string;
  parameters: Parameter[];
  body?: { schema: Schema; required: boolean };
  /** Documented statuses. */
  statuses: Set<number>;
  /** Documents 501 `not-implemented`: specified, not built yet. */
  pending: boolean;
  /** Takes no credential (documents no 401): the payment notifications. */
  public: boolean;
}

type Json = Record<string, unknown>;

const DOCUMENT_URL = new URL("../../../gateway/openapi.json", import.meta.url);

/** The generated document the gateway serves, read once per test file. */
export const DOCUMENT = JSON.parse(readFileSync(DOCUMENT_URL, "utf8")) as Json;

const COMPONENTS = ((DOCUMENT.components as Json).schemas ?? {}) as Record<string, Json>;

/**
 * A schema with `$ref`s replaced by their targets and `allOf` folded into its parent (the document uses
 * `allOf` only to stack patterns on a string), so generators and sweeps see one plain node per value.
 */
export function resolve(node: unknown): Schema {
  if (node === null || typeof node !== "object") return {};
  const raw = node as Json;
  if (typeof raw.$ref === "string") return resolve(COMPONENTS[raw.$ref.split("/").pop()!]);
  const out: Schema = {};
  const patterns: string[] = [];
  const absorb = (source: Json) => {
    for (const [key, value] of Object.entries(source)) {
      switch (key) {
        case "allOf":
          for (const member of value as Json[]) absorb(member);
          break;
        case "$ref":
          absorb(resolve(source) as Json);
          break;
        case "pattern":
          patterns.push(value as string);
          break;
        case "patterns":
          patterns.push(...(value as string[]));
          break;
        case "items":
          out.items = resolve(value);
          break;
        case "anyOf":
        case "oneOf":
          out.anyOf = (value as unknown[]).map(resolve);
          break;
        case "properties":
          out.properties = Object.fromEntries(
            Object.entries(value as Json).map(([name, child]) => [name, resolve(child)]),
          );
          break;
        case "additionalProperties":
          out.additionalProperties = value !== false;
          break;
        case "type":
        case "enum":
        case "const":
        case "format":
        case "minLength":
        case "maxLength":
        case "minimum":
        case "maximum":
        case "minItems":
        case "maxItems":
        case "required":
        case "default":
          (out as Json)[key] = value;
          break;
        case "description": {
          const exclusive = /Exclusive with `(\w+)`/.exec(String(value));
          if (exclusive) out.exclusiveWith = exclusive[1];
          break;
        }
        default:
          // examples, id and the like carry no constraint.
          break;
      }
    }
  };
  absorb(raw);
  if (patterns.length > 0) out.patterns = patterns;
  return out;
}

const METHODS = ["get", "post", "put", "delete", "patch"] as const;

/** Every operation of the document, in document order. */
export function operations(): Operation[] {
  const found: Operation[] = [];
  for (const [template, item] of Object.entries(DOCUMENT.paths as Json)) {
    const shared = ((item as Json).parameters as Json[] | undefined) ?? [];
    for (const method of METHODS) {
      const operation = (item as Json)[method] as Json | undefined;
      if (!operation) continue;
      const statuses = new Set(Object.keys(operation.responses as Json).map(Number));
      const parameters = [...shared, ...((operation.parameters as Json[] | undefined) ?? [])].map(
        (p): Parameter => ({
          name: p.name as string,
          in: p.in as Parameter["in"],
          required: p.required === true,
          schema: resolve(p.schema),
        }),
      );
      const requestBody = operation.requestBody as Json | undefined;
      const bodySchema = (
        (requestBody?.content as Json | undefined)?.["application/json"] as Json | undefined
      )?.schema;
      found.push({
        operationId: operation.operationId as string,
        method: method.toUpperCase() as Operation["method"],
        template,
        parameters,
        body: bodySchema
          ? { schema: resolve(bodySchema), required: requestBody?.required === true }
          : undefined,
        statuses,
        pending: statuses.has(501),
        public: !statuses.has(401),
      });
    }
  }
  return found;
}

/** The codes the document's problem schema allows. */
export function documentedCodes(): string[] {
  const problem = resolve(COMPONENTS.ProblemDetails);
  return (problem.properties?.code?.enum as string[] | undefined) ?? [];
}

/**
 * `encodeURIComponent` that never throws: a lone surrogate has no UTF-8 form, so it travels as U+FFFD
 * (the fuzz sends such bytes raw instead, see RAW_SEGMENTS).
 */
export function encode(value: string): string {
  return encodeURIComponent(
    value.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, "\ufffd"),
  );
}

/** The template with each `{name}` replaced by the encoded value. */
export function fillPath(template: string, values: Record<string, string>): string {
  return template.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`no value for path parameter ${name} of ${template}`);
    return encode(value);
  });
}

/** `a=1&b=x` from plain values; arrays repeat the name, as a browser form would. */
export function encodeQuery(values: Record<string, unknown>): string {
  const parts: string[] = [];
  for (const [name, value] of Object.entries(values)) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) {
      parts.push(`${encode(name)}=${encode(String(one))}`);
    }
  }
  return parts.join("&");
}

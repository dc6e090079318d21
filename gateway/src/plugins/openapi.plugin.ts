import { createHash } from "node:crypto";
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import { CONTROL_CHARACTER_FREE, PROBLEM_CONTENT_TYPE } from "@mp/errors";
import { createJsonSchemaTransform, createJsonSchemaTransformObject } from "fastify-type-provider-zod";
import type { ZodApp } from "../zod-app";
import { addExamples, describeMembers } from "./openapi-examples";

type Json = Record<string, unknown>;

const RESPONSE_HEADERS: Record<string, Json> = {
  "201": {
    Location: { type: "string", format: "uri", description: "Address of what was created." },
  },
  "401": { "WWW-Authenticate": { type: "string", description: "`Bearer` challenge." } },
  "429": { "Retry-After": { type: "integer", description: "Seconds to wait before retrying." } },
  "503": { "Retry-After": { type: "integer", description: "Seconds to wait before retrying." } },
};

function withoutSchemaKeywords(schema: Json): Json {
  const { $schema: _schema, $id: _id, description: _description, ...rest } = schema;
  return rest;
}

const zodTransform = createJsonSchemaTransform({ skipList: [] });

/** Methods whose requests may carry a body, which fastify reads (and may refuse) whether or not the route takes one. */
const BODY_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

const BODY_REFUSALS: Record<string, string> = {
  "413": "The body is larger than 1 MiB (`payload-too-large`).",
  "415": "A body was sent that is not `application/json` (`unsupported-media-type`).",
};

/**
 * A route that takes no body still answers 413 or 415 when a client sends one it cannot read (a DELETE
 * with a text body, say), so those are documented on every operation of a body-carrying method.
 */
function documentBodyRefusals(method: unknown, response: Record<string, Json>): void {
  const methods = (Array.isArray(method) ? method : [method]).map(String);
  const problem = response["429"]?.content;
  if (!problem || !methods.some((m) => BODY_METHODS.has(m.toUpperCase()))) return;
  for (const [status, description] of Object.entries(BODY_REFUSALS)) {
    response[status] ??= { description, content: problem };
  }
}

/**
 * zod -> JSON Schema per route, then every 4xx/5xx response is filed under `application/problem+json`
 * (the type the API sends them with) with the headers it carries.
 */
const transform: typeof zodTransform = (input) => {
  const result = zodTransform(input);
  const response = (result.schema as Json).response as Record<string, Json> | undefined;
  for (const [status, schema] of Object.entries(response ?? {})) {
    if (Number(status) < 400) {
      schema.description ??= "Success.";
      if (RESPONSE_HEADERS[status]) response![status] = { ...schema, headers: RESPONSE_HEADERS[status] };
      continue;
    }
    response![status] = {
      description: schema.description,
      ...(RESPONSE_HEADERS[status] ? { headers: RESPONSE_HEADERS[status] } : {}),
      content: { [PROBLEM_CONTENT_TYPE]: { schema: withoutSchemaKeywords(schema) } },
    };
  }
  if (response) documentBodyRefusals(input.route.method, response);
  return result;
};

const zodTransformObject = createJsonSchemaTransformObject({});

const SAFE_INTEGER_BOUNDS = new Set([Number.MAX_SAFE_INTEGER, Number.MIN_SAFE_INTEGER]);

/** The control-character rule is not implied by any format (a URL parser would accept and strip them). */
const KEPT_PATTERNS = new Set(Object.values(CONTROL_CHARACTER_FREE).map((pattern) => pattern.source));

/**
 * Drop what only restates another keyword: zod's regex beside a `format` (date-time, uuid), its safe-integer
 * bounds on every integer, and the `$id`/`$schema` of registry entries.
 */
function tidy(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(tidy);
  if (value === null || typeof value !== "object") return value;
  const source = value as Json;
  const out: Json = {};
  for (const [key, child] of Object.entries(source)) {
    if (key === "$id" || key === "$schema") continue;
    if (key === "pattern" && typeof source.format === "string" && !KEPT_PATTERNS.has(child as string))
      continue;
    if ((key === "maximum" || key === "minimum") && SAFE_INTEGER_BOUNDS.has(child as number)) continue;
    out[key] = tidy(child);
  }
  return out;
}

/** Components from the zod registry, keeping only those the document references (no stray `*Input`). */
/**
 * Operations whose body schema accepts no body at all (every member optional, a missing body read as
 * `{}`), though it has members: a refund of the remainder needs none.
 */
const OPTIONAL_BODY_OPERATIONS = new Set(["createRefund"]);

/**
 * @fastify/swagger marks every request body required; a body that may only be `{}` (publish, unpublish,
 * retire), or one of `OPTIONAL_BODY_OPERATIONS`, is optional in fact, so its `requestBody` says so.
 */
function markEmptyBodiesOptional(paths: Json | undefined): void {
  for (const operations of Object.values(paths ?? {}) as Json[]) {
    for (const operation of Object.values(operations) as Json[]) {
      if (OPTIONAL_BODY_OPERATIONS.has(operation.operationId as string) && operation.requestBody) {
        (operation.requestBody as { required?: boolean }).required = false;
        continue;
      }
      const body = operation.requestBody as
        | { required?: boolean; content?: Record<string, { schema?: Json }> }
        | undefined;
      const schema = body?.content?.["application/json"]?.schema;
      const empty =
        schema?.type === "object" &&
        schema.additionalProperties === false &&
        Object.keys((schema.properties as Json | undefined) ?? {}).length === 0;
      if (body && empty) body.required = false;
    }
  }
}

const transformObject: typeof zodTransformObject = (input) => {
  const document = tidy(zodTransformObject(input)) as Json & {
    components?: { schemas?: Json };
    paths?: Json;
  };
  markEmptyBodiesOptional(document.paths);
  describeMembers(document);
  addExamples(document);
  const schemas = document.components?.schemas ?? {};
  const text = JSON.stringify({ ...document, components: { ...document.components, schemas: {} } });
  const used = new Set<string>();
  const visit = (source: string) => {
    for (const match of source.matchAll(/#\/components\/schemas\/([A-Za-z0-9_.-]+)/g)) {
      const name = match[1]!;
      if (used.has(name) || !(name in schemas)) continue;
      used.add(name);
      visit(JSON.stringify(schemas[name]));
    }
  };
  visit(text);
  const kept = Object.fromEntries(Object.entries(schemas).filter(([name]) => used.has(name)));
  return { ...document, components: { ...document.components, schemas: kept } } as ReturnType<
    typeof zodTransformObject
  >;
};

const DESCRIPTION = `JSON API of the marketplace: developers publish items backed by Infuse-IoT applications, admins offer
them in marketplace instances, providers list them for sale and install purchases on devices.

Two kinds of admin: \`admin\` in any organisation owns and administers its instances; \`admin\` in the
platform operator's organisation is also the platform operator, the only caller who reads and exports
every organisation's statements, closes periods, marks statements paid and reads the platform's fees.

Errors are RFC 9457 problems (\`application/problem+json\`) with \`type\`, \`title\`, \`status\`, \`detail\`,
\`instance\`, \`code\` and \`traceId\`; validation problems add \`errors\` keyed by field path, and
\`internal\` problems add \`errorId\` (quote it when reporting the error). Every response carries
\`x-request-id\` and \`traceparent\`; a sick dependency answers 503 \`upstream-unavailable\` with \`Retry-After\`.

Control characters: no string in a path, query or body may contain NUL, another C0 control character
(U+0000 to U+001F) or DEL (U+007F). Single-line fields (names, ids, versions, URLs, file names, search terms)
refuse tab, LF and CR too; multi-line text (descriptions) accepts those three. Each string parameter and
member shows its rule as \`pattern\`; a violation is a 400 \`validation-failed\` naming the field
(\`body.metadata.displayName\`, \`query.search\`, \`path.version\`).

Rate limits: each organisation has a budget of requests per minute; requests without a valid credential
are limited per client address before the credential is looked up; payment notifications have a budget
of their own. A spent budget answers 429 \`rate-limited\` with \`Retry-After\`.`;

const TAGS = [
  ["Instances", "Marketplace instances: the scopes items, offerings, listings and catalogues live in."],
  ["Offerings", "Published items an instance's admin makes available for listing (admin)."],
  [
    "Developer applications",
    "The developer organisation's Infuse-IoT applications and their releases (developer).",
  ],
  [
    "Developer items",
    "The lifecycle of a marketplace item: metadata, assets, releases, price, publishing (developer).",
  ],
  ["Assets", "Upload sessions for icons and gallery images (developer)."],
  ["Offered items", "Items offered in an instance, as providers see them (provider)."],
  ["Provider listings", "A provider's listings and their visibility (provider)."],
  ["Provider purchases", "Purchases of the provider's listings (provider)."],
  ["Provider devices", "The provider's IoT devices, compatible releases and installs (provider)."],
  [
    "Provider rollouts",
    "An item version installed over many devices in growing waves, with live progress (provider).",
  ],
  ["Provider earnings", "Earnings from the ledger (provider)."],
  ["Statements", "Settlement statements and exports; period closing and paying (the platform operator)."],
  ["Catalogue", "Listed items, as buyers see them (any authenticated caller)."],
  ["Downloads", "Release download access for a purchased device (any authenticated caller)."],
  ["API keys", "The organisation's DirectApiKey credentials (any authenticated caller)."],
  ["Webhooks", "Payment processor notifications (signature-verified, no credential)."],
].map(([name, description]) => ({ name: name!, description: description! }));

/** Sort object keys recursively so the committed document diffs only when the API changes. */
export function canonicalJson(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonicalJson);
  if (value === null || typeof value !== "object") return value;
  return Object.fromEntries(
    Object.keys(value as Json)
      .sort()
      .filter((key) => (value as Json)[key] !== undefined)
      .map((key) => [key, canonicalJson((value as Json)[key])]),
  );
}

/** The OpenAPI document exactly as committed in `gateway/openapi.json` and served at `/openapi.json`. */
export function openapiText(app: ZodApp): string {
  return `${JSON.stringify(canonicalJson(app.swagger()), null, 2)}\n`;
}

/** The served document and its strong validator, computed once: the routes never change after start. */
interface CachedDocument {
  text: string;
  etag: string;
}

/** True when an `If-None-Match` header names `etag` (or `*`); weak comparison, as RFC 9110 asks for GET. */
function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch
    .split(",")
    .map((tag) => tag.trim().replace(/^W\//, ""))
    .some((tag) => tag === "*" || tag === etag);
}

/**
 * OpenAPI 3.1 from the routes' zod schemas, served at `/openapi.json`, with the interactive reference at
 * `/docs`. Installed before the routes, whose registration it observes.
 */
export async function installOpenApi(app: ZodApp): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: "3.1.0",
      info: {
        title: "marketplace API",
        version: "v1",
        description: DESCRIPTION,
        // Not open source: the SPDX-style reference names the terms without a public URL to point at.
        license: { name: "Proprietary", identifier: "LicenseRef-Proprietary" },
      },
      // Relative: the document is served by the gateway it describes, wherever that is deployed.
      servers: [{ url: "/", description: "The gateway serving this document." }],
      components: {
        securitySchemes: {
          Bearer: {
            type: "http",
            scheme: "bearer",
            bearerFormat: "JWT",
            description: "Access token (ES256/RS256) with `sub`, `org` (guid) and `roles` claims.",
          },
          DirectApiKey: {
            type: "apiKey",
            in: "header",
            name: "x-api-key",
            description:
              "`mk_live_...`/`mk_test_...` key, alone or as `Bearer <key>`. A Bearer token wins when both are sent.",
          },
        },
      },
      security: [{ Bearer: [] }, { DirectApiKey: [] }],
      tags: TAGS,
    },
    transform,
    transformObject,
  });
  app.addHook("onRoute", (route) => {
    if (route.url.startsWith("/docs")) route.config = { ...route.config, access: "public" };
  });
  await app.register(swaggerUi, { routePrefix: "/docs" });
  let cached: CachedDocument | undefined;
  app.get(
    "/openapi.json",
    { schema: { hide: true }, config: { access: "public", rateLimit: false } },
    async (request, reply) => {
      if (!cached) {
        const text = openapiText(app);
        cached = { text, etag: `"${createHash("sha256").update(text).digest("base64url").slice(0, 27)}"` };
      }
      reply.header("etag", cached.etag).header("cache-control", "public, max-age=300");
      if (matches(request.headers["if-none-match"], cached.etag)) return reply.code(304).send();
      return reply.type("application/json; charset=utf-8").send(cached.text);
    },
  );
}

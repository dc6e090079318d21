import Fastify from "fastify";
import { validatorCompiler } from "fastify-type-provider-zod";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { ApiKeyPage } from "../routes/api-keys/api-keys.schemas";
import { ListedItemPage } from "../routes/catalogue/catalogue.schemas";
import { ProblemDetails } from "../routes/common.schemas";
import { toInstancePage } from "../routes/instances/instances.mapper";
import { InstancePage } from "../routes/instances/instances.schemas";
import {
  mappedBodySerializerCompiler,
  plainJsonSchema,
  responseSerializerCompiler,
} from "./response-serializer";

/** What the zod serializer answered before: parse, then JSON.stringify. */
const viaZod = (schema: z.ZodType, data: unknown) => JSON.stringify(schema.parse(data));

function serializerFor(schema: z.ZodType) {
  return responseSerializerCompiler({ schema, method: "GET", url: "/test", httpStatus: "200" });
}

const ID = "0193a1b2-0000-7000-8000-0000000000aa";
const ORG = "0193a1b2-0000-7000-8000-00000000000a";

const instance = (i: number) => ({
  id: ID,
  name: ["plain", 'quote " and \\ backslash', "Ünïcödé ✓ 🚀", "a\u2028line separator", "x".repeat(80)][i % 5],
  ownerOrganisationId: ORG,
  defaultCurrency: "EUR",
  platformFeeBps: i * 7,
  createdAt: "2026-01-01T00:00:00.000Z",
  // Not in the schema: dropped by zod, so it must be dropped here too.
  internalNote: "never answered",
});

describe("the response serializer", () => {
  it("writes an instance page byte for byte as zod's parse and JSON.stringify did", () => {
    const page = {
      items: Array.from({ length: 20 }, (_, i) => instance(i)),
      page: 1,
      pageSize: 20,
      totalCount: 100,
      totalPages: 5,
    };
    expect(plainJsonSchema(InstancePage)).toBeDefined();
    expect(serializerFor(InstancePage)(page)).toBe(viaZod(InstancePage, page));
  });

  it("keeps nulls, drops absent optional members and unknown keys, like zod", () => {
    const key = {
      id: ID,
      name: "ci",
      roles: ["developer", "admin"],
      prefix: "mk_test_ab",
      createdBy: null,
      createdAt: "2026-01-01T00:00:00.000Z",
      expiresAt: null,
      lastUsedAt: "2026-01-02T00:00:00.000Z",
      hash: "secret",
    };
    const page = {
      items: [key, { ...key, createdBy: "user-1", expiresAt: "2027-01-01T00:00:00.000Z" }],
      page: 2,
      pageSize: 2,
      totalCount: 3,
      totalPages: 2,
    };
    expect(serializerFor(ApiKeyPage)(page)).toBe(viaZod(ApiKeyPage, page));
    const Optional = z.object({ a: z.string().optional(), b: z.int().optional(), c: z.boolean() });
    for (const value of [{ c: true }, { a: "x", c: false }, { a: undefined, b: 0, c: true, d: 1 }]) {
      expect(serializerFor(Optional)(value)).toBe(viaZod(Optional, value));
    }
  });

  it("keeps the unknown members of a loose object (problem extensions) in zod's order", () => {
    const problem = {
      unmet: ["x"],
      type: "about:blank",
      title: "T",
      status: 409,
      detail: "d",
      instance: "/p",
      code: "invalid-state",
      traceId: "t",
      extension: { a: 1 },
    };
    expect(serializerFor(ProblemDetails)(problem)).toBe(viaZod(ProblemDetails, problem));
  });

  it("writes numbers, literals, enums and nested arrays as JSON.stringify does", () => {
    const Shape = z.object({
      n: z.number(),
      i: z.int(),
      l: z.literal("fixed"),
      e: z.enum(["a", "b"]),
      grid: z.array(z.array(z.int())),
      flag: z.boolean().nullable(),
    });
    const value = { n: 1e21, i: -0, l: "fixed", e: "b", grid: [[1, 2], [], [3]], flag: null };
    expect(serializerFor(Shape)(value)).toBe(viaZod(Shape, value));
    const catalogue = {
      items: [],
      page: 1,
      pageSize: 20,
      totalCount: 0,
      totalPages: 0,
    };
    expect(serializerFor(ListedItemPage)(catalogue)).toBe(viaZod(ListedItemPage, catalogue));
  });

  it("writes members in the schema's order when optional ones come before required ones", () => {
    const Mixed = z.object({ a: z.string().optional(), b: z.string(), c: z.string().optional(), d: z.int() });
    for (const value of [
      { d: 1, c: "c", b: "b", a: "a" },
      { b: "b", d: 2 },
    ]) {
      expect(serializerFor(Mixed)(value)).toBe(viaZod(Mixed, value));
    }
  });

  it("still fails on a missing required member, as zod did", () => {
    const page = {
      items: [{ ...instance(0), name: undefined }],
      page: 1,
      pageSize: 20,
      totalCount: 1,
      totalPages: 1,
    };
    expect(() => serializerFor(InstancePage)(page)).toThrow();
  });

  it("leaves to zod every schema whose parse can change a value", () => {
    const changing = [
      z.object({ id: z.string().transform((id) => id.toLowerCase()) }),
      z.object({ name: z.string().trim() }),
      z.object({ count: z.int().default(0) }),
      z.object({ either: z.union([z.string(), z.int()]) }),
      z.object({ byKey: z.record(z.string(), z.string()) }),
      z.object({ when: z.date() }),
      z.object({ maybe: z.object({ a: z.string() }).nullable() }),
      z.undefined(),
    ];
    for (const schema of changing) expect(plainJsonSchema(schema)).toBeUndefined();
    const Lower = z.object({ id: z.string().transform((id) => id.toLowerCase()) });
    expect(serializerFor(Lower)({ id: "ABC" })).toBe('{"id":"abc"}');
  });

  it("answers through fastify with the compiled writer", async () => {
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(responseSerializerCompiler);
    const page = { items: [instance(1)], page: 1, pageSize: 20, totalCount: 1, totalPages: 1 };
    app.get("/", { schema: { response: { 200: InstancePage } } }, async () => page);
    const response = await app.inject({ url: "/" });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(viaZod(InstancePage, page));
    await app.close();
  });

  it("writes a mapper-built 200 as zod did and leaves other statuses to the compiled writer", async () => {
    const message = {
      items: Array.from({ length: 20 }, (_, i) => ({
        ...instance(i),
        id: ID.toUpperCase(),
        ownerOrganisationId: ORG.toUpperCase(),
        // The names with quotes, backslashes, non-ASCII and U+2028.
        name: instance(i).name as string,
      })),
      page: 1,
      pageSize: 20,
      totalCount: 100,
      totalPages: 5,
    };
    const page = toInstancePage(message);
    const route = { method: "GET", url: "/test" };
    const mapped = mappedBodySerializerCompiler({ ...route, schema: InstancePage, httpStatus: "200" });
    expect(mapped(page)).toBe(viaZod(InstancePage, page));
    expect(mapped(page)).toBe(serializerFor(InstancePage)(page));
    const problem = {
      type: "about:blank",
      title: "T",
      status: 503,
      detail: "d",
      instance: "/p",
      code: "upstream-unavailable",
      traceId: "t",
      n: 1,
    };
    const other = mappedBodySerializerCompiler({ ...route, schema: ProblemDetails, httpStatus: "503" });
    expect(other(problem)).toBe(viaZod(ProblemDetails, problem));

    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(responseSerializerCompiler);
    app.get(
      "/",
      { serializerCompiler: mappedBodySerializerCompiler, schema: { response: { 200: InstancePage } } },
      async () => page,
    );
    const response = await app.inject({ url: "/" });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(viaZod(InstancePage, page));
    await app.close();
  });
});

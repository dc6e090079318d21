import { readFile } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { buildTestApp, createTestKeys } from "../testing/test-kit";
import type { ZodApp } from "../zod-app";
import { openapiText } from "./openapi.plugin";

/** Every operation of the specification (section 4) and of the contract's additions, written from them. */
const SPECIFIED = [
  "POST /marketplace/webhooks/payments",
  "POST /marketplace/webhooks/stripe",
  "GET /marketplace/earnings/statements",
  "GET /marketplace/earnings/statements/{statementId}",
  "GET /marketplace/earnings/statements/{statementId}/export.csv",
  "GET /marketplace/earnings/statements/{statementId}/export.pdf",
  "POST /marketplace/earnings/statements/batches",
  "POST /marketplace/earnings/statements/{id}/paid",
  "GET /marketplace/marketplace-items",
  "GET /marketplace/marketplace-items/{id}",
  "GET /marketplace/marketplace-items/{marketplaceItemId}/downloads/{version}/access",
  "GET /marketplace/providers/devices",
  "GET /marketplace/providers/devices/{deviceId}/details",
  "GET /marketplace/providers/devices/{deviceId}/purchases/{marketplaceItemId}/releases",
  "POST /marketplace/providers/devices/{deviceId}/purchases/{marketplaceItemId}/install",
  "GET /marketplace/providers/rpc/{rpcId}",
  "GET /marketplace/providers/purchases",
  "GET /marketplace/providers/purchases/activity",
  "GET /marketplace/providers/marketplace-items",
  "GET /marketplace/providers/marketplace-items/{id}",
  "POST /marketplace/providers/listings/{marketplaceItemId}",
  "GET /marketplace/providers/listings",
  "GET /marketplace/providers/listings/{marketplaceItemId}",
  "GET /marketplace/providers/listings/{marketplaceItemId}/history",
  "POST /marketplace/providers/listings/{id}/visibility",
  "GET /marketplace/providers/listings/{id}/visibility",
  "GET /marketplace/providers/earnings/summary",
  "GET /marketplace/providers/earnings/timeseries",
  "GET /marketplace/providers/earnings/apps",
  // Ours: the platform's fees per instance, currency and month (admin).
  "GET /marketplace/earnings/platform",
  "POST /marketplace/instances",
  "GET /marketplace/instances",
  "GET /marketplace/instances/{id}",
  "POST /marketplace/instances/{instanceId}/offerings",
  "GET /marketplace/instances/{instanceId}/offerings",
  "DELETE /marketplace/instances/{instanceId}/offerings/{offeringId}",
  "GET /marketplace/developers/marketplace-items",
  "GET /marketplace/developers/infuse-iot/applications",
  "POST /marketplace/developers/infuse-iot/applications/{applicationId}/marketplace-item",
  "GET /marketplace/developers/infuse-iot/applications/{applicationId}/releases",
  "GET /marketplace/developers/marketplace-items/{id}",
  "POST /marketplace/developers/marketplace-items/{id}/metadata",
  "GET /marketplace/developers/marketplace-items/{id}/metadata/history",
  "POST /marketplace/developers/marketplace-items/{id}/icon",
  "GET /marketplace/developers/marketplace-items/{id}/images",
  "POST /marketplace/developers/marketplace-items/{id}/images",
  "PUT /marketplace/developers/marketplace-items/{id}/images/order",
  "DELETE /marketplace/developers/marketplace-items/{id}/images/{assetId}",
  "POST /marketplace/developers/marketplace-items/{id}/infuse-iot-releases",
  "GET /marketplace/developers/marketplace-items/{id}/releases",
  "POST /marketplace/developers/marketplace-items/{id}/price",
  "GET /marketplace/developers/marketplace-items/{id}/prices",
  "POST /marketplace/developers/marketplace-items/{id}/publish",
  "POST /marketplace/developers/marketplace-items/{id}/unpublish",
  "POST /marketplace/developers/marketplace-items/{id}/retire",
  "POST /assets/upload-session",
  "POST /assets/{assetId}/finalise",
  "POST /marketplace/api-keys",
  "GET /marketplace/api-keys",
  "DELETE /marketplace/api-keys/{id}",
  // issue 26: checkout and refunds through Stripe
  "POST /marketplace/providers/listings/{marketplaceItemId}/checkout-sessions",
  "POST /marketplace/providers/purchases/{purchaseId}/refunds",
  // issue 27: outbound webhooks
  "POST /marketplace/webhook-endpoints",
  "GET /marketplace/webhook-endpoints",
  "GET /marketplace/webhook-endpoints/{id}",
  "PATCH /marketplace/webhook-endpoints/{id}",
  "DELETE /marketplace/webhook-endpoints/{id}",
  "POST /marketplace/webhook-endpoints/{id}/rotate-secret",
  "GET /marketplace/webhook-endpoints/{id}/deliveries",
  "POST /marketplace/webhook-endpoints/{id}/deliveries/{deliveryId}/replay",
];

interface Operation {
  operationId?: string;
  security?: unknown[];
  responses: Record<string, { content?: Record<string, unknown>; headers?: Record<string, unknown> }>;
}
interface Document {
  openapi: string;
  info: { title: string; version: string };
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes: Record<string, unknown>; schemas: Record<string, unknown> };
  security: unknown[];
}

let app: ZodApp;
let document: Document;
let operations: [string, Operation][];

beforeAll(async () => {
  app = await buildTestApp({ keys: await createTestKeys() });
  document = (await app.inject({ url: "/openapi.json" })).json<Document>();
  operations = Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(
      ([method, op]) => [`${method.toUpperCase()} ${path}`, op] as [string, Operation],
    ),
  );
});
afterAll(() => app.close());

describe("OpenAPI document", () => {
  it("describes exactly the specified operations, and no ops route", () => {
    expect(operations.map(([name]) => name).sort()).toEqual([...SPECIFIED].sort());
  });

  it("names the API and its two security schemes", () => {
    expect(document.openapi).toBe("3.1.0");
    expect(document.info).toMatchObject({ title: "marketplace API", version: "v1" });
    expect(document.components.securitySchemes).toEqual({
      Bearer: expect.objectContaining({ type: "http", scheme: "bearer", bearerFormat: "JWT" }),
      DirectApiKey: expect.objectContaining({ type: "apiKey", in: "header", name: "x-api-key" }),
    });
    expect(document.security).toEqual([{ Bearer: [] }, { DirectApiKey: [] }]);
  });

  it("documents the error responses of every operation as problem+json", () => {
    for (const [name, op] of operations) {
      const webhook = name.includes("/webhooks/");
      const statuses = Object.keys(op.responses);
      expect(op.operationId, name).toBeTruthy();
      expect(statuses, name).toEqual(expect.arrayContaining(["429", "503"]));
      if (webhook) expect(op.security, name).toEqual([]);
      else expect(statuses, name).toEqual(expect.arrayContaining(["401", "403"]));
      if (!name.includes("/export.")) expect(statuses, name).toContain("400");
      if (name.includes("{")) expect(statuses, name).toContain("404");
      // Any request of these methods may carry a body the gateway cannot read, route body or not.
      if (/^(POST|PUT|PATCH|DELETE) /.test(name))
        expect(statuses, name).toEqual(expect.arrayContaining(["413", "415"]));
      for (const status of statuses.filter((s) => Number(s) >= 400)) {
        expect(Object.keys(op.responses[status]?.content ?? {}), `${name} ${status}`).toEqual([
          "application/problem+json",
        ]);
      }
      expect(op.responses["401"]?.headers ?? (webhook ? {} : undefined), name).toBeDefined();
    }
    const validation = document.paths["/marketplace/instances"]?.post?.responses["400"]?.content;
    expect(JSON.stringify(validation)).toContain('#/components/schemas/ProblemDetails"');
    expect(document.components.schemas).toHaveProperty("ProblemDetails");
  });

  it("gives operation ids that are unique", () => {
    const ids = operations.map(([, op]) => op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("serves the committed document unchanged", async () => {
    const served = (await app.inject({ url: "/openapi.json" })).body;
    expect(served).toBe(openapiText(app));
    const committed = await readFile(new URL("../../openapi.json", import.meta.url), "utf8");
    expect(committed, "run `pnpm openapi:write`").toBe(served);
  });

  it("builds the document once, and answers 304 to a client that has it", async () => {
    const fresh = await buildTestApp({ keys: await createTestKeys() });
    try {
      await fresh.ready();
      const build = vi.spyOn(fresh, "swagger");
      const first = await fresh.inject({ url: "/openapi.json" });
      const etag = first.headers.etag as string;
      expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
      for (let n = 0; n < 3; n++) {
        const again = await fresh.inject({ url: "/openapi.json" });
        expect(again.body).toBe(first.body);
        expect(again.headers.etag).toBe(etag);
      }
      expect(build).toHaveBeenCalledTimes(1);
      const cached = await fresh.inject({ url: "/openapi.json", headers: { "if-none-match": `W/${etag}` } });
      expect(cached.statusCode).toBe(304);
      expect(cached.body).toBe("");
      const stale = await fresh.inject({ url: "/openapi.json", headers: { "if-none-match": '"other"' } });
      expect(stale.statusCode).toBe(200);
    } finally {
      await fresh.close();
    }
  });

  it("serves the interactive reference", async () => {
    const response = await app.inject({ url: "/docs" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toMatch(/text\/html/);
  });
});

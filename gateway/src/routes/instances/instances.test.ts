import { ConflictError } from "@mp/errors";
import { describe, expect, it } from "vitest";
import { fakeCatalogue, ORG_A, useTestApp } from "../../testing/test-kit";

const ID = "0193A1B2-0000-7000-8000-0000000000AA";
const message = (name: string) => ({
  id: ID,
  name,
  ownerOrganisationId: ORG_A.toUpperCase(),
  defaultCurrency: "EUR",
  platformFeeBps: 1000,
  createdAt: "2026-03-01T10:00:00+01:00",
});
const catalogue = fakeCatalogue((method, request) => {
  if (method === "createInstance" && (request as { name: string }).name === "Reused")
    throw new ConflictError("request-id-reused", "Request id retry-7 already created another instance.", {
      extensions: { instanceId: ID.toLowerCase() },
    });
  if (method === "createInstance") return message((request as { name: string }).name);
  if (method === "getInstance") return message("EU");
  return { items: [message("EU"), message("US")], page: 2, pageSize: 2, totalCount: 5, totalPages: 3 };
});
const expected = (name: string) => ({
  id: ID.toLowerCase(),
  name,
  ownerOrganisationId: ORG_A,
  defaultCurrency: "EUR",
  platformFeeBps: 1000,
  createdAt: "2026-03-01T09:00:00.000Z",
});

const gateway = useTestApp({ catalogue: catalogue.client });

describe("marketplace instances", () => {
  it("creates an instance as an admin, passing the trimmed body and the caller upstream", async () => {
    const response = await gateway.app.inject({
      method: "POST",
      url: "/marketplace/instances",
      headers: { authorization: `Bearer ${await gateway.keys.token(["admin"])}` },
      payload: { name: "  EU shop ", defaultCurrency: "EUR", platformFeeBps: 1000 },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(expected("EU shop"));
    const call = catalogue.calls.at(-1)!;
    expect(call).toMatchObject({
      method: "createInstance",
      request: { name: "EU shop", defaultCurrency: "EUR", platformFeeBps: 1000 },
      ctx: { principal: { organisationId: ORG_A, roles: ["admin"], via: "jwt" } },
    });
    expect(call.ctx.requestId).toBe(response.headers["x-request-id"]);
  });

  it("creates under the client's X-Request-Id, and answers 409 request-id-reused naming the instance", async () => {
    const token = await gateway.keys.token(["admin"]);
    const create = (name: string) =>
      gateway.app.inject({
        method: "POST",
        url: "/marketplace/instances",
        headers: { authorization: `Bearer ${token}`, "x-request-id": "retry-7" },
        payload: { name, defaultCurrency: "EUR", platformFeeBps: 1000 },
      });
    expect((await create("EU")).statusCode).toBe(200);
    // the catalogue does a creation once per request id: it must be the client's, not a new one
    expect(catalogue.calls.at(-1)!.ctx.requestId).toBe("retry-7");
    const reused = await create("Reused");
    expect(reused.statusCode).toBe(409);
    expect(reused.headers["content-type"]).toMatch(/^application\/problem\+json/);
    expect(reused.json()).toMatchObject({ code: "request-id-reused", instanceId: ID.toLowerCase() });
  });

  it("lists instances for any authenticated caller, with the page window and order passed through", async () => {
    const response = await gateway.app.inject({
      url: "/marketplace/instances?page=2&pageSize=2&orderBy=name&direction=asc",
      headers: { authorization: `Bearer ${await gateway.keys.token(["provider"])}` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      items: [expected("EU"), expected("US")],
      page: 2,
      pageSize: 2,
      totalCount: 5,
      totalPages: 3,
    });
    expect(catalogue.calls.at(-1)?.request).toEqual({
      page: 2,
      pageSize: 2,
      orderBy: "name",
      direction: "asc",
    });
  });

  it("applies the documented defaults", async () => {
    await gateway.app.inject({
      url: "/marketplace/instances",
      headers: { authorization: `Bearer ${await gateway.keys.token(["developer"])}` },
    });
    expect(catalogue.calls.at(-1)?.request).toEqual({
      page: 1,
      pageSize: 20,
      orderBy: "createdAt",
      direction: "desc",
    });
  });

  it("reads one instance by id in any case", async () => {
    const response = await gateway.app.inject({
      url: `/marketplace/instances/${ID}`,
      headers: { authorization: `Bearer ${await gateway.keys.token(["developer"])}` },
    });
    expect(response.json()).toEqual(expected("EU"));
    expect(catalogue.calls.at(-1)?.request).toEqual({ id: ID.toLowerCase() });
  });
});

import { ConflictError } from "@mp/errors";
import { describe, expect, it } from "vitest";
import type { WebhooksClient } from "../../clients";
import { fakeCatalogue, fakeClients, fakeUpstream, ORG_A, useTestApp } from "../../testing/test-kit";

const ID = "0193a1b2-0000-7000-8000-00000000005a";
const DELIVERY = "0193a1b2-0000-7000-8000-00000000005b";
const endpoint = {
  id: ID,
  organisationId: ORG_A,
  url: "https://hooks.example.com/in",
  events: ["purchase.completed"],
  enabled: true,
  createdAt: "2026-11-01T10:00:00.000Z",
  updatedAt: "2026-11-01T10:00:00.000Z",
};
const delivery = {
  id: DELIVERY,
  endpointId: ID,
  eventId: "0193a1b2-0000-7000-8000-00000000005c",
  eventType: "purchase.completed",
  status: "pending",
  attempts: 2,
  responseStatus: 500,
  durationMs: 12,
  lastError: "answered 500",
  createdAt: "2026-11-01T10:00:00.000Z",
  lastAttemptAt: "2026-11-01T10:00:10.000Z",
  nextAttemptAt: "2026-11-01T10:01:10.000Z",
};

const webhooks = fakeUpstream<WebhooksClient>((method, request) => {
  if (method === "createEndpoint" && request.url === "https://hooks.example.com/other")
    throw new ConflictError("request-id-reused", "Request id retry-5 already created another endpoint.", {
      extensions: { endpointId: ID },
    });
  if (method === "createEndpoint" || method === "rotateSecret") return { endpoint, secret: "whsec_abc" };
  if (method === "listEndpoints")
    return { items: [endpoint], page: 1, pageSize: 20, totalCount: 1, totalPages: 1 };
  if (method === "listDeliveries")
    return { items: [delivery], page: 1, pageSize: 20, totalCount: 1, totalPages: 1 };
  if (method === "replayDelivery") return delivery;
  if (method === "deleteEndpoint") return {};
  return endpoint;
});

const call = async (method: "GET" | "POST" | "PATCH" | "DELETE", url: string, payload?: unknown) =>
  gateway.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${await gateway.keys.token(["developer"])}` },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

const gateway = useTestApp({
  clients: fakeClients(fakeCatalogue(() => ({})).client, {}, { webhooks: webhooks.client }),
});

const asDto = { ...endpoint, description: null, disabledReason: null, previousSecretExpiresAt: null };

describe("webhook endpoint routes", () => {
  it("creates an endpoint: 201 with Location and the secret, for any role of the organisation", async () => {
    const response = await call("POST", "/marketplace/webhook-endpoints", {
      url: "https://hooks.example.com/in",
      events: ["purchase.completed"],
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.headers.location).toBe(`/marketplace/webhook-endpoints/${ID}`);
    expect(response.json()).toEqual({ ...asDto, secret: "whsec_abc" });
    expect(webhooks.calls.at(-1)?.ctx).toMatchObject({ principal: { organisationId: ORG_A } });
  });

  it("creates under the client's X-Request-Id, and answers 409 request-id-reused naming the endpoint", async () => {
    const create = async (url: string) =>
      gateway.app.inject({
        method: "POST",
        url: "/marketplace/webhook-endpoints",
        headers: {
          authorization: `Bearer ${await gateway.keys.token(["developer"])}`,
          "x-request-id": "retry-5",
        },
        payload: { url, events: ["purchase.completed"] },
      });
    expect((await create("https://hooks.example.com/in")).statusCode).toBe(201);
    // webhooks does a creation once per request id: it must be the client's, not a new one
    expect(webhooks.calls.at(-1)!.ctx.requestId).toBe("retry-5");
    const reused = await create("https://hooks.example.com/other");
    expect(reused.statusCode).toBe(409);
    expect(reused.json()).toMatchObject({ code: "request-id-reused", endpointId: ID });
  });

  it("refuses unknown or repeated events, an empty list, and a URL that is not http(s), naming the field", async () => {
    for (const body of [
      { url: "https://h.example.com", events: ["nope"] },
      { url: "https://h.example.com", events: [] },
      { url: "https://h.example.com", events: ["item.published", "item.published"] },
      { url: "ftp://h.example.com", events: ["item.published"] },
      { url: "https://h.example.com/\n", events: ["item.published"] },
    ]) {
      const response = await call("POST", "/marketplace/webhook-endpoints", body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
  });

  it("lists, gets, updates (events only when given), rotates and deletes", async () => {
    expect((await call("GET", "/marketplace/webhook-endpoints")).json().items).toEqual([asDto]);
    expect((await call("GET", `/marketplace/webhook-endpoints/${ID}`)).json()).toEqual(asDto);
    const patched = await call("PATCH", `/marketplace/webhook-endpoints/${ID}`, { enabled: false });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(webhooks.calls.at(-1)?.request).toMatchObject({ id: ID, enabled: false, eventsGiven: false });
    expect((await call("PATCH", `/marketplace/webhook-endpoints/${ID}`, {})).statusCode).toBe(400);
    const rotated = await call("POST", `/marketplace/webhook-endpoints/${ID}/rotate-secret`);
    expect(rotated.json().secret).toBe("whsec_abc");
    expect((await call("DELETE", `/marketplace/webhook-endpoints/${ID}`)).statusCode).toBe(204);
  });

  it("shows the delivery log and replays with 202", async () => {
    const log = await call("GET", `/marketplace/webhook-endpoints/${ID}/deliveries?status=pending`);
    expect(log.statusCode, log.body).toBe(200);
    expect(log.json().items[0]).toEqual({ ...delivery, deliveredAt: null });
    expect(webhooks.calls.at(-1)?.request).toMatchObject({ endpointId: ID, status: "pending" });
    const replay = await call("POST", `/marketplace/webhook-endpoints/${ID}/deliveries/${DELIVERY}/replay`);
    expect(replay.statusCode, replay.body).toBe(202);
    expect(
      (await call("GET", `/marketplace/webhook-endpoints/${ID}/deliveries?status=lost`)).statusCode,
    ).toBe(400);
  });
});

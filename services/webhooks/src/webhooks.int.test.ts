import { randomUUID } from "node:crypto";
import { ensureStream, newEvent } from "@mp/bus";
import {
  installStatusChangedV1,
  ownerOfSubject,
  type Principal,
  purchaseCreatedV1,
  STREAMS,
  statementPaidV1,
  type WebhooksProto,
} from "@mp/contracts";
import { createUnaryClient, loadProto } from "@mp/grpc";
import { testLogger } from "@mp/logger";
import { type RunningService, startService } from "@mp/runtime";
import { verifyWebhookSignature } from "@mp/sdk";
import { ephemeralMesh, freshInfra, infraEnv, type TestInfra, type TestMesh, waitFor } from "@mp/testing";
import { v7 as uuidv7 } from "uuid";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Received, startReceiver } from "./infra/receiver.fixture";
import { webhooksService } from "./module";
import { installStatusChanged } from "./testing/install-event";

/**
 * The webhooks service over real PostgreSQL, NATS JetStream and a real local HTTP receiver: endpoints over
 * gRPC, events published on the bus becoming signed POSTs, retries to exhaustion, replay, rotation, and a
 * slow endpoint beside a fast one. Four workers in the process, two attempts per endpoint at most.
 */
const org = (n: number) => `0193a1b2-0000-7000-8000-0000000000${n.toString(16).padStart(2, "0")}`;
const provider: Principal = { subject: "p-1", organisationId: org(0xb1), roles: ["provider"], via: "jwt" };
const developer: Principal = { subject: "d-1", organisationId: org(0xd1), roles: ["developer"], via: "jwt" };
const stranger: Principal = { subject: "s-1", organisationId: org(0xe1), roles: ["admin"], via: "jwt" };

let infra: TestInfra;
let mesh: TestMesh;
let service: RunningService;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
const proto = loadProto<WebhooksProto>("marketplace/webhooks/v1/webhooks.proto").marketplace.webhooks.v1;
const client = () =>
  createUnaryClient(proto.WebhookEndpointsService, `127.0.0.1:${service.grpcPort}`, {
    upstream: "webhooks",
    identity: mesh.gateway,
  });
let c: ReturnType<typeof client>;
/** A user's call: its own request id each time (an endpoint is created once per request id). */
const as = (principal: Principal, requestId: string = randomUUID()) => ({ principal, requestId });

async function publish(type: string, data: unknown, id?: string) {
  const event = { ...newEvent(type, ownerOfSubject(type) ?? "test", data), ...(id && { id }) };
  // A fresh message id each time: a repeat reaches the consumer, as a redelivery would.
  await service.bus.js.publish(service.bus.subject(type), JSON.stringify(event), { msgID: uuidv7() });
  return event;
}

const eur = (amount: number) => ({ amount, currency: "EUR" as const });
function purchaseOf(providerOrganisationId: string) {
  return {
    id: uuidv7(),
    marketplaceItemId: uuidv7(),
    displayName: "Tracker",
    listingId: uuidv7(),
    marketplaceInstanceId: uuidv7(),
    providerOrganisationId,
    deviceId: "0123456789abcdef",
    amount: eur(1999),
    amountRefunded: eur(0),
    status: "completed",
    livemode: false,
    purchasedAt: new Date().toISOString(),
    paymentReference: `pi_${uuidv7()}`,
    change: {
      kind: "purchase",
      amount: eur(1999),
      stripeEventId: `evt_${uuidv7()}`,
      at: new Date().toISOString(),
    },
    occurredAt: new Date().toISOString(),
    version: 1,
  };
}

async function createEndpoint(principal: Principal, path: string, events: string[]) {
  return c.call("createEndpoint", { url: `${receiver.base}${path}`, events }, as(principal));
}

const arrivals = (path: string, n: number, timeoutMs = 10_000) =>
  waitFor(() => (receiver.to(path).length >= n ? receiver.to(path) : undefined), {
    what: `${n} deliveries to ${path}`,
    timeoutMs,
  });

beforeAll(async () => {
  infra = await freshInfra("webhooks");
  mesh = await ephemeralMesh();
  receiver = await startReceiver({ slowMs: 2_500 });
  service = await startService(
    webhooksService,
    {
      ...infraEnv(infra),
      WEBHOOKS_GRPC_PORT: "0",
      LOG_LEVEL: "silent",
      WEBHOOK_ALLOW_PRIVATE: "1",
      WEBHOOK_RETRY_SCHEDULE: "150ms,150ms/1s",
      WEBHOOK_TIMEOUT_MS: "4000",
      WEBHOOK_POLL_MS: "100",
      WEBHOOK_WORKER_CONCURRENCY: "4",
      WEBHOOK_ENDPOINT_CONCURRENCY: "2",
      ...mesh.env("webhooks"),
    },
    { logger: testLogger("webhooks") },
  );
  for (const stream of [STREAMS.PURCHASES, STREAMS.IOT, STREAMS.PUBLISHING, STREAMS.SETTLEMENTS])
    await ensureStream(service.bus, { name: stream.name, subjects: [...stream.subjects] });
  c = client();
});

afterAll(async () => {
  c?.close();
  await service?.stop();
  await receiver?.close();
  await infra?.cleanup();
});

function verified(r: Received, secret: string) {
  return verifyWebhookSignature({
    payload: r.body,
    header: r.headers["marketplace-signature"] as string,
    secret,
  }).valid;
}

describe("endpoints over gRPC", () => {
  it("creates with a whsec_ secret shown once, lists, gets, updates and deletes; refuses bad input", async () => {
    const created = await createEndpoint(developer, "/ok-crud", ["item.published"]);
    expect(created.secret).toMatch(/^whsec_/);
    const endpoint = created.endpoint;
    expect(endpoint).toMatchObject({ organisationId: developer.organisationId, enabled: true });
    expect(JSON.stringify(await c.call("getEndpoint", { id: endpoint?.id }, as(developer)))).not.toContain(
      created.secret,
    );
    const page = await c.call("listEndpoints", { page: 1, pageSize: 10 }, as(developer));
    expect(page.items.map((e) => e.id)).toContain(endpoint?.id);
    const updated = await c.call(
      "updateEndpoint",
      { id: endpoint?.id, eventsGiven: true, events: ["item.published", "statement.paid"], enabled: false },
      as(developer),
    );
    expect(updated).toMatchObject({ events: ["item.published", "statement.paid"], enabled: false });
    await expect(
      c.call("createEndpoint", { url: "ftp://x.example", events: ["nope"] }, as(developer)),
    ).rejects.toMatchObject({ code: "validation-failed" });
    await c.call("deleteEndpoint", { id: endpoint?.id }, as(developer));
    await expect(c.call("getEndpoint", { id: endpoint?.id }, as(developer))).rejects.toMatchObject({
      code: "not-found",
    });
  });

  it("creates an endpoint once per request id, with the same secret; other values are 409", async () => {
    const request = { url: `${receiver.base}/ok-once`, events: ["install.failed"] };
    const ctx = as(provider);
    // The same request twice at once (an ingress resending it after its gateway died), then once more.
    const [first, second] = await Promise.all([
      c.call("createEndpoint", request, ctx),
      c.call("createEndpoint", request, ctx),
    ]);
    const again = await c.call("createEndpoint", request, ctx);
    expect(second.endpoint?.id).toBe(first.endpoint?.id);
    expect(again.endpoint?.id).toBe(first.endpoint?.id);
    expect([second.secret, again.secret]).toEqual([first.secret, first.secret]);
    const page = await c.call("listEndpoints", { page: 1, pageSize: 100 }, as(provider));
    expect(page.items.filter((e) => e.url === request.url)).toHaveLength(1);
    const reused = await c
      .call("createEndpoint", { ...request, events: ["install.succeeded"] }, ctx)
      .catch((e) => e);
    expect(reused).toMatchObject({
      code: "request-id-reused",
      extensions: { endpointId: first.endpoint?.id },
    });
    // Another organisation's request under the same id is its own.
    const theirs = await c.call("createEndpoint", request, as(stranger, ctx.requestId));
    expect(theirs.endpoint?.id).not.toBe(first.endpoint?.id);
    await c.call("deleteEndpoint", { id: first.endpoint?.id }, as(provider));
    await c.call("deleteEndpoint", { id: theirs.endpoint?.id }, as(stranger));
  });

  it("answers another organisation's endpoint and deliveries as not found", async () => {
    const { endpoint } = await createEndpoint(provider, "/ok-bola", ["purchase.completed"]);
    const id = endpoint?.id as string;
    const notFound = { code: "not-found" };
    await expect(c.call("getEndpoint", { id }, as(stranger))).rejects.toMatchObject(notFound);
    await expect(c.call("updateEndpoint", { id, enabled: false }, as(stranger))).rejects.toMatchObject(
      notFound,
    );
    await expect(c.call("rotateSecret", { id }, as(stranger))).rejects.toMatchObject(notFound);
    await expect(c.call("listDeliveries", { endpointId: id }, as(stranger))).rejects.toMatchObject(notFound);
    await expect(
      c.call("replayDelivery", { endpointId: id, deliveryId: uuidv7() }, as(stranger)),
    ).rejects.toMatchObject(notFound);
    await expect(c.call("deleteEndpoint", { id }, as(stranger))).rejects.toMatchObject(notFound);
    expect((await c.call("listEndpoints", {}, as(stranger))).items).toEqual([]);
    expect((await c.call("getEndpoint", { id }, as(provider))).enabled).toBe(true);
    await c.call("deleteEndpoint", { id }, as(provider));
  });
});

describe("events to deliveries", () => {
  it("posts a purchase to the provider's subscribed endpoint only, signed, once per event id", async () => {
    const { endpoint, secret } = await createEndpoint(provider, "/ok-purchases", ["purchase.completed"]);
    await createEndpoint(provider, "/ok-installs-only", ["install.succeeded"]);
    await createEndpoint(stranger, "/ok-stranger", ["purchase.completed"]);
    const purchase = purchaseOf(provider.organisationId);
    const event = await publish(purchaseCreatedV1.type, purchase);
    const [got] = await arrivals("/ok-purchases", 1);
    expect(verified(got as Received, secret)).toBe(true);
    expect(verified(got as Received, "whsec_wrong")).toBe(false);
    const body = JSON.parse((got as Received).body);
    expect(body).toMatchObject({
      id: event.id,
      type: "purchase.completed",
      createdAt: event.occurredAt,
      organisationId: provider.organisationId,
      data: { purchaseId: purchase.id, amount: eur(1999) },
    });
    // The same event again (a redelivery): no second delivery.
    await publish(purchaseCreatedV1.type, purchase, event.id);
    const log = await waitFor(async () => {
      const page = await c.call("listDeliveries", { endpointId: endpoint?.id }, as(provider));
      return page.items[0]?.status === "succeeded" ? page : undefined;
    });
    expect(log.items).toHaveLength(1);
    expect(log.items[0]).toMatchObject({ eventId: event.id, attempts: 1, responseStatus: 204 });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(receiver.to("/ok-purchases")).toHaveLength(1);
    expect(receiver.to("/ok-installs-only")).toHaveLength(0);
    expect(receiver.to("/ok-stranger")).toHaveLength(0);
  });

  it("signs with the old secret beside the new one after a rotation, and replays a delivery", async () => {
    const { endpoint, secret: old } = await createEndpoint(provider, "/ok-rotate", ["install.succeeded"]);
    const id = endpoint?.id as string;
    const rotation = as(provider);
    const rotated = await c.call("rotateSecret", { id }, rotation);
    expect(rotated.secret).not.toBe(old);
    expect(rotated.endpoint?.previousSecretExpiresAt).toBeDefined();
    // Repeated under its request id (a retry after an unclear answer): the same secret, nothing rotated,
    // so the old secret still signs below.
    const repeated = await c.call("rotateSecret", { id }, rotation);
    expect(repeated.secret).toBe(rotated.secret);
    expect(repeated.endpoint?.previousSecretExpiresAt).toEqual(rotated.endpoint?.previousSecretExpiresAt);
    await publish(
      installStatusChangedV1.type,
      installStatusChanged(provider.organisationId, { rpcId: "7", version: 3 }),
    );
    const [got] = await arrivals("/ok-rotate", 1);
    const header = (got as Received).headers["marketplace-signature"] as string;
    expect(header.match(/v1=/g)).toHaveLength(2);
    expect(verified(got as Received, old)).toBe(true);
    expect(verified(got as Received, rotated.secret)).toBe(true);

    const [delivery] = (await c.call("listDeliveries", { endpointId: id }, as(provider))).items;
    const replayed = await c.call(
      "replayDelivery",
      { endpointId: id, deliveryId: delivery?.id },
      as(provider),
    );
    expect(replayed.status).toBe("pending");
    const both = await arrivals("/ok-rotate", 2);
    expect(JSON.parse((both[1] as Received).body).id).toBe(JSON.parse((both[0] as Received).body).id);

    // A new request id rotates again.
    const next = await c.call("rotateSecret", { id }, as(provider));
    expect(next.secret).not.toBe(rotated.secret);
  });

  it("replays a delivery whose first attempt is still in flight: the replay is not lost", async () => {
    const { endpoint } = await createEndpoint(provider, "/slow-replay", ["install.succeeded"]);
    const id = endpoint?.id as string;
    await publish(
      installStatusChangedV1.type,
      installStatusChanged(provider.organisationId, { rpcId: "8", version: 3 }),
    );
    // The receiver holds the first attempt 2.5 s: replayed meanwhile, its 200 must not close the delivery.
    await arrivals("/slow-replay", 1);
    const [delivery] = (await c.call("listDeliveries", { endpointId: id }, as(provider))).items;
    await c.call("replayDelivery", { endpointId: id, deliveryId: delivery?.id }, as(provider));
    const both = await arrivals("/slow-replay", 2);
    expect(JSON.parse((both[1] as Received).body).id).toBe(JSON.parse((both[0] as Received).body).id);
    const settled = await waitFor(async () => {
      const [row] = (await c.call("listDeliveries", { endpointId: id }, as(provider))).items;
      return row?.status === "succeeded" && (row.attempts ?? 0) >= 2 ? row : undefined;
    });
    expect(settled.attempts).toBe(2);
  });

  it("retries a failing endpoint on the schedule, then disables it and tells the organisation's others", async () => {
    const { endpoint: failing } = await createEndpoint(developer, "/fail-statements", ["statement.paid"]);
    const { secret: watcherSecret } = await createEndpoint(developer, "/ok-watcher", ["item.published"]);
    await publish(statementPaidV1.type, {
      statementId: uuidv7(),
      organisationId: developer.organisationId,
      role: "developer",
      currency: "EUR",
      livemode: false,
      periodStartUtc: "2026-10-01T00:00:00.000Z",
      periodEndUtc: "2026-11-01T00:00:00.000Z",
      batchId: uuidv7(),
      status: "paid",
      occurredAt: new Date().toISOString(),
      version: 2,
    });
    const [notice] = await arrivals("/ok-watcher", 1);
    const body = JSON.parse((notice as Received).body);
    expect(body).toMatchObject({
      type: "endpoint.disabled",
      organisationId: developer.organisationId,
      data: { endpointId: failing?.id, reason: "retries-exhausted" },
    });
    expect(verified(notice as Received, watcherSecret)).toBe(true);
    const attempts = receiver.to("/fail-statements");
    // 0, 150 ms, 300 ms, ... until the next would fall beyond 1 s after the first: several attempts.
    expect(attempts.length).toBeGreaterThanOrEqual(4);
    expect(new Set(attempts.map((a) => JSON.parse(a.body).id)).size).toBe(1);
    const gaps = attempts.slice(1).map((a, i) => a.at - (attempts[i] as Received).at);
    for (const gap of gaps) expect(gap).toBeGreaterThanOrEqual(140);
    expect(await c.call("getEndpoint", { id: failing?.id }, as(developer))).toMatchObject({
      enabled: false,
      disabledReason: "retries-exhausted",
    });
    const [delivery] = (await c.call("listDeliveries", { endpointId: failing?.id }, as(developer))).items;
    expect(delivery).toMatchObject({ status: "failed", attempts: attempts.length, responseStatus: 500 });
  });

  it("keeps delivering to a fast endpoint while a slow one holds its two slots", async () => {
    const slowOrg: Principal = { ...stranger, organisationId: org(0xf1) };
    await createEndpoint(slowOrg, "/slow", ["install.failed"]);
    await createEndpoint(provider, "/ok-fast", ["install.failed"]);
    const install = (organisationId: string) =>
      installStatusChanged(organisationId, { rpcId: "9", status: "failed", detail: "boom" });
    for (let i = 0; i < 8; i++) await publish(installStatusChangedV1.type, install(slowOrg.organisationId));
    await waitFor(() => (receiver.peak.get("slow") === 2 ? true : undefined), {
      what: "the slow endpoint busy",
    });
    const sentAt = Date.now();
    await publish(installStatusChangedV1.type, install(provider.organisationId));
    const [fast] = await arrivals("/ok-fast", 1);
    expect((fast as Received).at - sentAt).toBeLessThan(1_000);
    expect(receiver.to("/slow").length).toBeLessThan(8);
    expect(receiver.peak.get("slow")).toBe(2);
  });
});

import { ensureStream, newEvent } from "@mp/bus";
import {
  ownerOfSubject,
  type Principal,
  purchaseCreatedV1,
  STREAMS,
  type WebhooksProto,
} from "@mp/contracts";
import { createUnaryClient, loadProto } from "@mp/grpc";
import { testLogger } from "@mp/logger";
import { type RunningService, startService } from "@mp/runtime";
import { ephemeralMesh, freshInfra, infraEnv, type TestInfra, type TestMesh, waitFor } from "@mp/testing";
import { v7 as uuidv7 } from "uuid";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startReceiver } from "./infra/receiver.fixture";
import { webhooksService } from "./module";

/**
 * Two replicas of webhooks on one schema and one bus namespace, each with its own pool, NATS connection
 * and workers: every event reaches every subscribed endpoint exactly once (one attempt each), whether the
 * replica that made its delivery attempted it right after the commit or a claim took it, and no endpoint
 * ever has more attempts in flight than WEBHOOK_ENDPOINT_CONCURRENCY per replica (twice it across both).
 */
const provider: Principal = {
  subject: "p-1",
  organisationId: "0193a1b2-0000-7000-8000-0000000000b1",
  roles: ["provider"],
  via: "jwt",
};
const PER_ENDPOINT = 3;
const EVENTS = 60;

let infra: TestInfra;
let mesh: TestMesh;
const replicas: RunningService[] = [];
let receiver: Awaited<ReturnType<typeof startReceiver>>;

const start = (name: string) =>
  startService(
    webhooksService,
    {
      ...infraEnv(infra),
      WEBHOOKS_GRPC_PORT: "0",
      LOG_LEVEL: "silent",
      WEBHOOK_ALLOW_PRIVATE: "1",
      WEBHOOK_POLL_MS: "50",
      WEBHOOK_WORKER_CONCURRENCY: "8",
      WEBHOOK_ENDPOINT_CONCURRENCY: String(PER_ENDPOINT),
      ...mesh.env("webhooks"),
    },
    { logger: testLogger(name) },
  );

beforeAll(async () => {
  infra = await freshInfra("webhooks_replicas");
  mesh = await ephemeralMesh();
  receiver = await startReceiver({ okDelayMs: 30 });
  replicas.push(await start("webhooks-a"));
  replicas.push(await start("webhooks-b"));
  const [a] = replicas as [RunningService];
  await ensureStream(a.bus, { name: STREAMS.PURCHASES.name, subjects: [...STREAMS.PURCHASES.subjects] });
});

afterAll(async () => {
  await Promise.all(replicas.map((r) => r.stop()));
  await receiver?.close();
  await infra?.cleanup();
});

describe("two replicas delivering", () => {
  it("send each event to each endpoint once, within the per-endpoint cap", async () => {
    const [a, b] = replicas as [RunningService, RunningService];
    const proto = loadProto<WebhooksProto>("marketplace/webhooks/v1/webhooks.proto").marketplace.webhooks.v1;
    const client = createUnaryClient(proto.WebhookEndpointsService, `127.0.0.1:${a.grpcPort}`, {
      upstream: "webhooks",
      identity: mesh.gateway,
    });
    // Two requests, two request ids: an endpoint is created once per request id.
    for (const path of ["/ok-one", "/ok-two"])
      await client.call(
        "createEndpoint",
        { url: `${receiver.base}${path}`, events: ["purchase.completed"] },
        { principal: provider, requestId: `create${path}` },
      );
    client.close();
    const ids: string[] = [];
    for (let i = 0; i < EVENTS; i++) {
      const at = new Date().toISOString();
      const event = newEvent(purchaseCreatedV1.type, ownerOfSubject(purchaseCreatedV1.type) ?? "purchases", {
        id: uuidv7(),
        marketplaceItemId: uuidv7(),
        displayName: "Tracker",
        listingId: uuidv7(),
        marketplaceInstanceId: uuidv7(),
        providerOrganisationId: provider.organisationId,
        deviceId: "0123456789abcdef",
        amount: { amount: 100, currency: "EUR" },
        amountRefunded: { amount: 0, currency: "EUR" },
        status: "completed",
        livemode: false,
        purchasedAt: at,
        paymentReference: `pi_${i}`,
        change: { kind: "purchase", amount: { amount: 100, currency: "EUR" }, stripeEventId: `evt_${i}`, at },
        occurredAt: at,
        version: 1,
      });
      ids.push(event.id);
      // Alternate the publishing connection; the durable is shared, so either replica may consume it.
      const bus = i % 2 === 0 ? a.bus : b.bus;
      await bus.js.publish(bus.subject(event.type), JSON.stringify(event), { msgID: event.id });
    }
    await waitFor(() => (receiver.received.length >= 2 * EVENTS ? true : undefined), {
      what: "every delivery",
      timeoutMs: 30_000,
    });
    await new Promise((resolve) => setTimeout(resolve, 500));
    for (const path of ["/ok-one", "/ok-two"]) {
      const got = receiver.to(path).map((r) => JSON.parse(r.body).id as string);
      expect(got.sort()).toEqual([...ids].sort());
    }
    const { rows } = await a.pool.query<{ status: string; attempts: number; n: number }>(
      "SELECT status, attempts, count(*)::int AS n FROM deliveries GROUP BY 1, 2",
    );
    expect(rows).toEqual([{ status: "succeeded", attempts: 1, n: 2 * EVENTS }]);
    expect(receiver.peak.get("ok-one")).toBeLessThanOrEqual(2 * PER_ENDPOINT);
    expect(receiver.peak.get("ok-two")).toBeLessThanOrEqual(2 * PER_ENDPOINT);
  });
});

import { ensureStream, newEvent } from "@mp/bus";
import { installStatusChangedV1, type Principal, STREAMS, type WebhooksProto } from "@mp/contracts";
import { createUnaryClient, loadProto } from "@mp/grpc";
import { testLogger } from "@mp/logger";
import { type RunningService, startService } from "@mp/runtime";
import { ephemeralMesh, freshInfra, infraEnv, type TestInfra, type TestMesh, waitFor } from "@mp/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startReceiver } from "./infra/receiver.fixture";
import { webhooksService } from "./module";
import { installStatusChanged } from "./testing/install-event";

/**
 * A receiver that was down gets what it missed as soon as it answers 2xx again, not at each delivery's
 * next scheduled retry (here 30 s away): the success of a new event makes the endpoint's waiting retries
 * due at once. Real PostgreSQL, NATS and a local HTTP receiver.
 */
const provider: Principal = {
  subject: "p-1",
  organisationId: "0193a1b2-0000-7000-8000-0000000000b1",
  roles: ["provider"],
  via: "jwt",
};

let infra: TestInfra;
let mesh: TestMesh;
let service: RunningService;
let receiver: Awaited<ReturnType<typeof startReceiver>>;

beforeAll(async () => {
  infra = await freshInfra("webhooks_recovery");
  mesh = await ephemeralMesh();
  receiver = await startReceiver();
  service = await startService(
    webhooksService,
    {
      ...infraEnv(infra),
      WEBHOOKS_GRPC_PORT: "0",
      LOG_LEVEL: "silent",
      WEBHOOK_ALLOW_PRIVATE: "1",
      WEBHOOK_RETRY_SCHEDULE: "30s/10m",
      WEBHOOK_POLL_MS: "100",
      ...mesh.env("webhooks"),
    },
    { logger: testLogger("webhooks-recovery") },
  );
  await ensureStream(service.bus, { name: STREAMS.IOT.name, subjects: [...STREAMS.IOT.subjects] });
});

afterAll(async () => {
  await service?.stop();
  await receiver?.close();
  await infra?.cleanup();
});

async function installSucceeded(): Promise<string> {
  const event = newEvent(
    installStatusChangedV1.type,
    "iot-adapter",
    installStatusChanged(provider.organisationId),
  );
  await service.bus.js.publish(service.bus.subject(event.type), JSON.stringify(event), { msgID: event.id });
  return event.id;
}

describe("an endpoint coming back", () => {
  it("receives what it missed right after its first 2xx", async () => {
    const proto = loadProto<WebhooksProto>("marketplace/webhooks/v1/webhooks.proto").marketplace.webhooks.v1;
    const client = createUnaryClient(proto.WebhookEndpointsService, `127.0.0.1:${service.grpcPort}`, {
      upstream: "webhooks",
      identity: mesh.gateway,
    });
    await client.call(
      "createEndpoint",
      { url: `${receiver.base}/flaky`, events: ["install.succeeded"] },
      { principal: provider, requestId: "r" },
      // The default 5 s budget is not the point here; a loaded machine can use it up.
      { deadlineMs: 30_000 },
    );
    client.close();
    receiver.state.down = true;
    const missed: string[] = [];
    for (let i = 0; i < 5; i++) missed.push(await installSucceeded());
    await waitFor(() => (receiver.to("/flaky").length >= 5 ? true : undefined), {
      what: "five failed attempts",
    });
    // When the service itself would try the missed deliveries again: the retry it scheduled (30 s on) once
    // each failed attempt was recorded (the receiver sees an attempt before its row is updated).
    const scheduled = await waitFor(
      async () => {
        const { rows } = await service.pool.query<{ n: number; due: Date | null }>(
          `SELECT count(*)::int AS n, min(next_attempt_at) AS due FROM deliveries
            WHERE status = 'pending' AND attempts >= 1 AND locked_until IS NULL`,
        );
        return rows[0]?.n === 5 ? rows[0].due?.getTime() : undefined;
      },
      { what: "five failed attempts recorded", timeoutMs: 30_000 },
    );
    expect(scheduled - Date.now()).toBeGreaterThan(5_000);
    receiver.state.down = false;
    const fresh = await installSucceeded();
    const ids = await waitFor(
      () => {
        const ok = new Set(
          receiver
            .to("/flaky")
            .slice(5)
            .map((r) => JSON.parse(r.body).id as string),
        );
        return [...missed, fresh].every((id) => ok.has(id)) ? ok : undefined;
      },
      // Until shortly before the scheduled retry, however slow the machine: only the recovery can get
      // them there by then.
      { what: "every event after the receiver came back", timeoutMs: scheduled - Date.now() - 1_000 },
    );
    expect(Date.now()).toBeLessThan(scheduled);
    expect(ids.size).toBe(6);
  });
});

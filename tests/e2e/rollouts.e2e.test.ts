import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";
import { DEMO_ORGANISATIONS } from "@mp/local/demo";
import { demoSeed } from "@mp/local/simulator";
import type { LocalStack } from "@mp/local/stack";
import { verifyWebhookSignature, WEBHOOK_SIGNATURE_HEADER } from "@mp/sdk";
import { waitFor } from "@mp/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buyForDevice, installableDevices, listedAssetTracker } from "./bought-item";
import { expectProblem, httpClient } from "./http";
import { startTestStack } from "./stack";

/**
 * A rollout through the front door: the Asset tracker published with every release, listed, bought for a
 * handful of the provider's simulated devices with signed payment notifications. A first rollout follows
 * single installs already in flight; a second, over every device of the provider, queues its installs
 * itself and skips the rest with their reasons. The simulated platform's clock is stopped: the test settles
 * the update of each device a rollout has in flight. Each rollout reaches `completed` and its progress is
 * read as Server-Sent Events, whole and resumed after an id, and reaches the provider's registered webhook
 * endpoint (a local receiver) as a signed `rollout.completed`.
 */
const SECRET = "whsec_e2e_rollouts_00000000000000";
const provider = DEMO_ORGANISATIONS.provider.id;
const devices = demoSeed().devices.filter((d) => d.organisationId === provider);
const V12 = "1.2.0+00000009";
/**
 * Devices the rollout installs once bought (see `installableDevices`). The demo organisation has more
 * devices (gateways among them), which the rollout skips.
 */
const BOUGHT = installableDevices(5);

let stack: LocalStack;
let call: ReturnType<typeof httpClient>;
let tokens: { provider: string; otherProvider: string };
let itemId: string;
let listingId: string;
const logs: string[] = [];
/** What the provider's webhook endpoint (subscribed to `rollout.completed`) received. */
const received: { headers: IncomingHttpHeaders; body: string }[] = [];
let receiver: Server;
let webhookSecret: string;

type Rollout = {
  rolloutId: string;
  status: string;
  counts: Record<string, number>;
  currentWave: number;
  waveCount: number;
  lastEventId: number;
};

const buy = (deviceId: string) => buyForDevice(stack, SECRET, listingId, deviceId);

/** The whole SSE answer (it ends with the rollout), parsed into its events. */
async function readEvents(rolloutId: string, lastEventId?: number) {
  const response = await fetch(`${stack.gatewayUrl}/marketplace/providers/rollouts/${rolloutId}/events`, {
    headers: {
      authorization: `Bearer ${tokens.provider}`,
      ...(lastEventId === undefined ? {} : { "last-event-id": String(lastEventId) }),
    },
    signal: AbortSignal.timeout(120_000),
  });
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
  const text = await response.text();
  return text
    .split("\n\n")
    .filter((block) => block.startsWith("id: "))
    .map((block) => {
      const field = (name: string) =>
        block
          .split("\n")
          .find((line) => line.startsWith(`${name}: `))!
          .slice(name.length + 2);
      return { id: Number(field("id")), type: field("event"), data: JSON.parse(field("data")) };
    });
}

beforeAll(async () => {
  receiver = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => {
      body += chunk;
    });
    req.on("end", () => {
      received.push({ headers: req.headers, body });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  stack = await startTestStack(logs, {
    STRIPE_WEBHOOK_SECRET: SECRET,
    SIMULATOR_TICK_MS: "0",
    INSTALL_POLL_MS: "200",
    ROLLOUT_TICK_MS: "250",
  });
  call = httpClient(stack.gatewayUrl);
  tokens = {
    provider: stack.credentials.provider.token,
    otherProvider: await stack.signToken({
      org: "0193a5d0-0000-7000-8000-0000000000fe",
      roles: ["provider"],
    }),
  };
  ({ itemId, listingId } = await listedAssetTracker(stack, "Rollouts"));
  const endpoint = await call<{ secret: string }>("POST", "/marketplace/webhook-endpoints", {
    token: tokens.provider,
    body: {
      url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/rollouts`,
      events: ["rollout.completed"],
    },
  });
  expect(endpoint.status).toBe(201);
  webhookSecret = endpoint.body.secret;
  expect(BOUGHT.length).toBe(5);
  for (const device of BOUGHT) await buy(device);
}, 300_000);

afterAll(async () => {
  await stack?.stop();
  receiver?.closeAllConnections();
  await new Promise((resolve) => receiver?.close(resolve));
});

/** The signed `rollout.completed` delivery of `rolloutId` at the provider's endpoint, once it arrives. */
async function completedWebhook(rolloutId: string) {
  const delivery = await waitFor(
    () =>
      received.find((r) => {
        const event = JSON.parse(r.body);
        return event.type === "rollout.completed" && event.data.rolloutId === rolloutId;
      }),
    { what: `rollout.completed for ${rolloutId} at the webhook receiver`, timeoutMs: 60_000 },
  );
  const check = verifyWebhookSignature({
    payload: delivery.body,
    header: delivery.headers[WEBHOOK_SIGNATURE_HEADER.toLowerCase()] as string,
    secret: webhookSecret,
  });
  expect(check.valid).toBe(true);
  return JSON.parse(delivery.body);
}

/**
 * Settles, on the simulated platform (its clock stopped), the update of every device the rollout has in
 * flight, over and over until stopped: installs finish only once the rollout started them.
 */
function drive(rolloutId: string): () => Promise<void> {
  let stopped = false;
  const running = (async () => {
    while (!stopped) {
      const page = await call<{ items: { deviceId: string }[] }>(
        "GET",
        `/marketplace/providers/rollouts/${rolloutId}/devices?status=in_progress&page=1&pageSize=100`,
        { token: tokens.provider },
      );
      for (const { deviceId } of page.body.items ?? [])
        await fetch(`${stack.simulatorUrl}/__simulator/updates/advance`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ deviceId }),
        }).then((r) => r.body?.cancel());
      await sleep(300);
    }
  })();
  return async () => {
    stopped = true;
    await running;
  };
}

/** Creates a rollout, drives it to completed and checks its event stream whole and resumed. */
async function rollOut(body: Record<string, unknown>, eligible: string[]) {
  const created = await call<Rollout>("POST", "/marketplace/providers/rollouts", {
    token: tokens.provider,
    body: { marketplaceItemId: itemId, version: V12, firstWave: 1, growth: 2, maxInFlight: 2, ...body },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const rolloutId = created.body.rolloutId;
  expect(created.headers.get("location")).toBe(`/marketplace/providers/rollouts/${rolloutId}`);
  expect(created.body.counts.queued).toBe(eligible.length);
  const stop = drive(rolloutId);
  try {
    await waitFor(
      async () => {
        const now = await call<Rollout>("GET", `/marketplace/providers/rollouts/${rolloutId}`, {
          token: tokens.provider,
        });
        return now.body.status === "completed" ? true : undefined;
      },
      { what: "the rollout completed", timeoutMs: 120_000 },
    ).catch(async (error: Error) => {
      const now = await call<Rollout>("GET", `/marketplace/providers/rollouts/${rolloutId}`, {
        token: tokens.provider,
      });
      const warnings = logs.filter((line) => line.includes("rollout install")).slice(-2);
      throw new Error(`${error.message}: ${JSON.stringify(now.body)}\n${warnings.join("\n")}`);
    });
  } finally {
    await stop();
  }
  const events = await readEvents(rolloutId);
  expect(events.map((e) => e.id)).toEqual(events.map((_, i) => i + 1));
  expect(events[0]!.type).toBe("rollout-created");
  expect(events.at(-1)).toMatchObject({ type: "rollout-completed", data: { status: "completed" } });
  const succeeded = events.filter((e) => e.type === "device-updated" && e.data.status === "succeeded");
  expect(new Set(succeeded.map((e) => e.data.deviceId))).toEqual(new Set(eligible));
  // Resumed after an id: exactly the rest, then the end.
  const resumed = await readEvents(rolloutId, 3);
  expect(resumed.map((e) => e.id)).toEqual(events.slice(3).map((e) => e.id));
  const done = await call<Rollout>("GET", `/marketplace/providers/rollouts/${rolloutId}`, {
    token: tokens.provider,
  });
  expect(done.body).toMatchObject({ status: "completed", currentWave: done.body.waveCount });
  expect(done.body.counts).toMatchObject({ succeeded: eligible.length, failed: 0, inProgress: 0 });
  const listed = await call<{ items: RolloutDevice[] }>(
    "GET",
    `/marketplace/providers/rollouts/${rolloutId}/devices?page=1&pageSize=100`,
    { token: tokens.provider },
  );
  for (const device of listed.body.items.filter((d) => eligible.includes(d.deviceId))) {
    expect(device.status).toBe("succeeded");
    // The single install underneath: its RPC status reads succeeded too.
    const rpc = await call<{ status: string }>("GET", `/marketplace/providers/rpc/${device.rpcId}`, {
      token: tokens.provider,
    });
    expect(rpc.body.status).toBe("succeeded");
  }
  // The end reaches the provider's systems too: one signed `rollout.completed`, once.
  const webhook = await completedWebhook(rolloutId);
  expect(webhook).toMatchObject({
    type: "rollout.completed",
    organisationId: provider,
    data: {
      rolloutId,
      marketplaceItemId: itemId,
      version: V12,
      status: "completed",
      counts: { succeeded: eligible.length, failed: 0 },
    },
  });
  await sleep(500);
  const copies = received.filter((r) => JSON.parse(r.body).data.rolloutId === rolloutId);
  expect(new Set(copies.map((r) => JSON.parse(r.body).id)).size).toBe(1);
  return { rolloutId, devices: listed.body.items };
}

type RolloutDevice = {
  deviceId: string;
  status: string;
  installId: string | null;
  rpcId: string | null;
  skipReason: string | null;
};

describe("rollouts through the launched stack", () => {
  it("follows installs already in flight: a device's install is the single install", async () => {
    const first = BOUGHT.slice(0, 3);
    const installIds = new Map<string, string>();
    for (const deviceId of first) {
      const single = await call<{ installId: string; status: string }>(
        "POST",
        `/marketplace/providers/devices/${deviceId}/purchases/${itemId}/install`,
        { token: tokens.provider, body: { version: V12 } },
      );
      expect(single.status, JSON.stringify(single.body)).toBe(200);
      installIds.set(deviceId, single.body.installId);
    }
    const { devices: listed } = await rollOut({ deviceIds: first }, first);
    for (const device of listed) expect(device.installId).toBe(installIds.get(device.deviceId));
  }, 240_000);

  it("queues installs itself over every device of the provider, the others skipped with their reason", async () => {
    // The first three run 1.2.0 now; the rest of the bought ones are eligible.
    const rest = BOUGHT.slice(3);
    const { rolloutId, devices: listed } = await rollOut({}, rest);
    expect(listed).toHaveLength(devices.length);
    const reasons = new Map(listed.map((d) => [d.deviceId, d.skipReason]));
    for (const deviceId of BOUGHT.slice(0, 3)) expect(reasons.get(deviceId)).toBe("already-installed");
    for (const d of listed.filter((d) => !BOUGHT.includes(d.deviceId)))
      expect(d).toMatchObject({ status: "skipped", rpcId: null, skipReason: "not-purchased" });

    const page = await call<{ items: Rollout[] }>(
      "GET",
      "/marketplace/providers/rollouts?page=1&pageSize=20",
      {
        token: tokens.provider,
      },
    );
    expect(page.body.items.map((r) => r.rolloutId)).toContain(rolloutId);
    expectProblem(
      await call("GET", `/marketplace/providers/rollouts/${rolloutId}/events`, {
        token: tokens.otherProvider,
      }),
      404,
      "not-found",
    );
    expectProblem(
      await call("POST", `/marketplace/providers/rollouts/${rolloutId}/cancel`, { token: tokens.provider }),
      409,
      "invalid-state",
    );
  }, 240_000);
});

import type { Bus } from "@mp/bus";
import {
  type InstallStatusChangedV1,
  type IotAdapterProto,
  installStatusChangedV1,
  type Principal,
} from "@mp/contracts";
import { createUnaryClient, loadProto } from "@mp/grpc";
import { DEMO_ORGANISATIONS } from "@mp/local/demo";
import {
  DEMO_APPLICATIONS,
  DEMO_BOARDS,
  demoSeed,
  type RunningSimulator,
  startSimulator,
} from "@mp/local/simulator";
import type { RunningService } from "@mp/runtime";
import { ephemeralMesh, freshInfra, type TestInfra, type TestMesh, waitFor } from "@mp/testing";
import { v7 as uuidv7 } from "uuid";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { controlSimulator, probeBus, startAdapter } from "./testing/adapter-stack";

/**
 * Devices and installs against the Infuse-IoT simulator, with real PostgreSQL and NATS: the simulator's
 * clock is stopped (tickMs 0) and moved by its control routes, so every step is the test's.
 */
const provider: Principal = {
  subject: "p-1",
  organisationId: DEMO_ORGANISATIONS.provider.id,
  roles: ["provider"],
  via: "jwt",
};
const stranger: Principal = {
  ...provider,
  subject: "s-1",
  organisationId: "0193a5d0-5700-7000-8000-00000000000f",
};
const developer: Principal = { ...provider, subject: "d-1", roles: ["developer"] };
const API_KEY = "ik_marketplace_installs";

const seed = demoSeed();
const devices = seed.devices;
/** Tracker devices: one running Asset tracker 1.1.0, one that never reported, one flagged to fail updates. */
const RUNS_11 = devices[0]!;
const RUNS_12 = devices[2]!;
const FRESH = devices[5]!;
const FAILS = devices[6]!;
const SENSOR_FRESH = devices[10]!;
const releaseOf = (board: string, minor: number) =>
  seed.releases.find(
    (r) =>
      r.applicationId === DEMO_APPLICATIONS.assetTracker && r.boardId === board && r.version.minor === minor,
  )!;
const TRACKER_12 = releaseOf(DEMO_BOARDS.tracker, 2);
const TRACKER_10 = releaseOf(DEMO_BOARDS.tracker, 0);

let infra: TestInfra;
let mesh: TestMesh;
let simulator: RunningSimulator;
let service: RunningService;
let bus: Bus;
const proto = loadProto<IotAdapterProto>("marketplace/iotadapter/v1/iot_adapter.proto").marketplace.iotadapter
  .v1;
let c: ReturnType<typeof client>;
const client = () =>
  createUnaryClient(proto.IotAdapterService, `127.0.0.1:${service.grpcPort}`, {
    upstream: "iot-adapter",
    identity: mesh.gateway,
  });
const as = (principal: Principal) => ({ principal, requestId: "r" });

beforeAll(async () => {
  infra = await freshInfra("iot_installs");
  mesh = await ephemeralMesh();
  simulator = await startSimulator({ port: 0, seed, apiKey: API_KEY, tickMs: 0 });
  service = await startAdapter(
    infra,
    mesh,
    { url: simulator.url, apiKey: API_KEY },
    {
      INFUSE_TIMEOUT_MS: "1000",
      INFUSE_BREAKER_THRESHOLD: "50",
      INSTALL_POLL_MS: "100",
      INSTALL_POLL_BATCH: "2",
    },
  );
  bus = await probeBus(infra);
  c = client();
});

afterAll(async () => {
  c?.close();
  await bus?.close();
  await service?.stop();
  await simulator?.stop();
  await infra?.cleanup();
});

const control = (route: string, body?: unknown) => controlSimulator(simulator, route, body);

/** Every iot.install.status-changed.v1 of one install on the IOT stream, in stream order. */
async function eventsOf(installId: string): Promise<InstallStatusChangedV1[]> {
  const info = await bus.jsm.streams.info(bus.streamName("IOT")).catch(() => undefined);
  const found: InstallStatusChangedV1[] = [];
  for (let seq = 1; seq <= (info?.state.last_seq ?? 0); seq++) {
    const message = await bus.jsm.streams.getMessage(bus.streamName("IOT"), { seq }).catch(() => undefined);
    const envelope = message?.json<{ type: string; data: InstallStatusChangedV1 }>();
    if (envelope?.type === installStatusChangedV1.type && envelope.data.installId === installId)
      found.push(envelope.data);
  }
  return found;
}

const untilStatus = (installId: string, status: string) =>
  waitFor(
    async () => {
      const events = await eventsOf(installId);
      return events.at(-1)?.status === status ? events : undefined;
    },
    { what: `install ${installId} ${status}`, timeoutMs: 20_000 },
  );

describe("devices and installs against the Infuse-IoT simulator (real PostgreSQL and NATS)", () => {
  it("lists the provider's devices with their board, metadata, state and application, paged", async () => {
    const first = await c.call("listDevices", { limit: 10, offset: 0 }, as(provider));
    const rest = await c.call("listDevices", { limit: 10, offset: 10 }, as(provider));
    expect(first.hasMore).toBe(true);
    expect(rest.hasMore).toBe(false);
    const all = [...first.items, ...rest.items];
    expect(all.map((d) => d.deviceId)).toEqual(devices.map((d) => d.deviceId.toLowerCase()));
    const running = all.find((d) => d.deviceId === RUNS_11.deviceId.toLowerCase())!;
    expect(running).toMatchObject({
      board: { id: DEMO_BOARDS.tracker, name: "infuse_tracker_v2" },
      metadata: RUNS_11.metadata,
      lastSeenAt: new Date(RUNS_11.state.lastRouteTime!).toISOString(),
      application: { applicationId: DEMO_APPLICATIONS.assetTracker, version: "1.1.0+00000004" },
    });
    expect(all.find((d) => d.deviceId === FRESH.deviceId.toLowerCase())?.application).toBeFalsy();
    expect((await c.call("listDevices", { limit: 10, offset: 0 }, as(stranger))).items).toEqual([]);
    await expect(c.call("listDevices", { limit: 10, offset: 0 }, as(developer))).rejects.toMatchObject({
      code: "forbidden",
    });
  });

  it("reads one device of the organisation; another organisation's device is not-found", async () => {
    const device = await c.call("getDevice", { deviceId: RUNS_12.deviceId.toUpperCase() }, as(provider));
    expect(device).toMatchObject({
      deviceId: RUNS_12.deviceId.toLowerCase(),
      lastRoute: "udp",
      application: { version: "1.2.0+00000009" },
    });
    await expect(c.call("getDevice", { deviceId: RUNS_12.deviceId }, as(stranger))).rejects.toMatchObject({
      code: "not-found",
    });
    await expect(c.call("getDevice", { deviceId: "nothex" }, as(provider))).rejects.toMatchObject({
      code: "validation-failed",
    });
  });

  it("queues an update once per install, then follows it: queued -> sent -> succeeded, one event per change", async () => {
    const installId = uuidv7();
    const request = { installId, deviceId: FRESH.deviceId, releaseId: TRACKER_12.id };
    const queued = await c.call("queueInstall", request, as(provider));
    expect(queued).toMatchObject({ installId, status: "queued" });
    expect(queued.rpcId).toMatch(/^[0-9a-f-]{36}$/);
    const again = await Promise.all([
      c.call("queueInstall", request, as(provider)),
      c.call("queueInstall", request, as(provider)),
    ]);
    expect(again.map((q) => q.rpcId)).toEqual([queued.rpcId, queued.rpcId]);
    await untilStatus(installId, "queued");
    await control("tick");
    await untilStatus(installId, "sent");
    await control("updates/advance", { deviceId: FRESH.deviceId, outcome: "success" });
    const events = await untilStatus(installId, "succeeded");
    expect(events.map((e) => [e.status, e.version])).toEqual([
      ["queued", 1],
      ["sent", 2],
      ["succeeded", 3],
    ]);
    expect(events.every((e) => e.rpcId === queued.rpcId && e.deviceId === FRESH.deviceId.toLowerCase())).toBe(
      true,
    );
    // The device now runs the release: a new install of it is already installed, nothing queued.
    const current = await c.call(
      "queueInstall",
      { installId: uuidv7(), deviceId: FRESH.deviceId, releaseId: TRACKER_12.id },
      as(provider),
    );
    expect(current.status).toBe("already_installed");
    expect(current.rpcId).toBe(current.installId);
  });

  it("a device flagged to fail ends failed with the platform's last error as detail", async () => {
    const installId = uuidv7();
    await c.call(
      "queueInstall",
      { installId, deviceId: FAILS.deviceId, releaseId: TRACKER_10.id },
      as(provider),
    );
    await control("updates/advance", { deviceId: FAILS.deviceId });
    const events = await untilStatus(installId, "failed");
    expect(events.at(-1)?.detail).toBeTruthy();
    expect(events.at(-1)?.detail).not.toMatch(/failed\.$/);
  });

  it("refuses a release for another board (invalid-state) and another organisation's device (not-found)", async () => {
    await expect(
      c.call(
        "queueInstall",
        { installId: uuidv7(), deviceId: SENSOR_FRESH.deviceId, releaseId: TRACKER_12.id },
        as(provider),
      ),
    ).rejects.toMatchObject({ code: "invalid-state" });
    await expect(
      c.call(
        "queueInstall",
        { installId: uuidv7(), deviceId: RUNS_11.deviceId, releaseId: TRACKER_12.id },
        as(stranger),
      ),
    ).rejects.toMatchObject({ code: "not-found" });
    await expect(
      c.call(
        "queueInstall",
        { installId: "nope", deviceId: RUNS_11.deviceId, releaseId: TRACKER_12.id },
        as(provider),
      ),
    ).rejects.toMatchObject({ code: "validation-failed" });
  });

  it("backs off while the platform is down and settles the update once it is back", async () => {
    const installId = uuidv7();
    await c.call(
      "queueInstall",
      { installId, deviceId: RUNS_11.deviceId, releaseId: TRACKER_12.id },
      as(provider),
    );
    await untilStatus(installId, "queued");
    await control("outage", { status: 503 });
    try {
      await waitFor(
        async () => {
          const { rows } = await service.pool.query<{ failures: number }>(
            "SELECT failures FROM install_updates WHERE install_id = $1",
            [installId],
          );
          return (rows[0]?.failures ?? 0) >= 1 ? true : undefined;
        },
        { what: "a recorded platform failure", timeoutMs: 10_000 },
      );
    } finally {
      await control("outage", { status: 0 });
    }
    await control("updates/advance", { deviceId: RUNS_11.deviceId, outcome: "success" });
    const events = await untilStatus(installId, "succeeded");
    expect(events.map((e) => e.version)).toEqual(events.map((_, i) => i + 1));
  });
});

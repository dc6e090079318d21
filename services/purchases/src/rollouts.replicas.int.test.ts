import { installStatusChangedV1, itemReleaseAddedV1, paymentUpdatedV1, rolloutChange } from "@mp/contracts";
import { type AppError, UpstreamUnavailableError } from "@mp/errors";
import type { GrpcServer } from "@mp/grpc";
import type { RunningService } from "@mp/runtime";
import { ephemeralMesh, freshInfra, type TestInfra, type TestMesh, waitFor } from "@mp/testing";
import { v7 as uuidv7 } from "uuid";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { APP, boardName, org, otherProvider, provider, SENSOR, TRACKER } from "./testing/fixtures";
import { type FakeDevice, startIotAdapterDouble } from "./testing/iot-adapter-double";
import { as, publishEvent, purchasesClient, startPurchases } from "./testing/purchases-service";
import { announceListedItem, ensureStreams } from "./testing/upstream-events";

/**
 * Rollouts in purchases with two replicas of the service on one real PostgreSQL schema and NATS namespace,
 * and an iot-adapter double over real gRPC playing the platform: QueueInstall (as purchases itself naming
 * the organisation, as the scheduler calls it) records every call and, a moment later, reports the install
 * succeeded (or failed, for the devices the test says) as `iot.install.status-changed.v1`. The double
 * tracks how many installs are in flight at once.
 */
const V12 = "1.2.0+00000009";
const instanceId = uuidv7();

const DEVICES = new Map<string, FakeDevice>();
const trackers = Array.from({ length: 52 }, (_, i) => `cccc${i.toString(16).padStart(12, "0")}`);
for (const id of trackers) DEVICES.set(id, { organisationId: provider.organisationId, boardId: TRACKER });
const SENSOR_DEVICE = "dddd000000000001";
const RUNNING_V12 = "dddd000000000002";
const FOREIGN = "eeee000000000001";
DEVICES.set(SENSOR_DEVICE, { organisationId: provider.organisationId, boardId: SENSOR });
DEVICES.set(RUNNING_V12, {
  organisationId: provider.organisationId,
  boardId: TRACKER,
  application: { applicationId: APP, version: V12 },
});
DEVICES.set(FOREIGN, { organisationId: otherProvider.organisationId, boardId: TRACKER });

/** Every QueueInstall the double received, and when. */
const queueCalls: { installId: string; deviceId: string; at: number }[] = [];
const rpcOf = new Map<string, string>();
/** Devices whose installs the double fails. */
const failing = new Set<string>();
/** Devices for which QueueInstall answers unavailable, this many more times. */
const unavailable = new Map<string, number>();
let inFlight = 0;
let maxInFlightSeen = 0;
let reportDelayMs = 40;

/**
 * QueueInstall as the platform plays it here: unavailable while a device's outages last, else queued once
 * per install id and reported succeeded (or failed) `reportDelayMs` later.
 */
async function queueInstall(req: { installId: string; deviceId: string; releaseId: string }) {
  queueCalls.push({ installId: req.installId, deviceId: req.deviceId, at: Date.now() });
  const outages = unavailable.get(req.deviceId) ?? 0;
  if (outages > 0) {
    unavailable.set(req.deviceId, outages - 1);
    throw new UpstreamUnavailableError("the platform is down");
  }
  const known = rpcOf.get(req.installId);
  const rpcId = known ?? uuidv7();
  if (!known) {
    rpcOf.set(req.installId, rpcId);
    inFlight++;
    maxInFlightSeen = Math.max(maxInFlightSeen, inFlight);
    const fails = failing.has(req.deviceId);
    setTimeout(() => {
      inFlight--;
      void publish(installStatusChangedV1.type, {
        installId: req.installId,
        rpcId,
        organisationId: provider.organisationId,
        deviceId: req.deviceId,
        releaseId: req.releaseId,
        status: fails ? "failed" : "succeeded",
        detail: fails ? "dfu failed (-5)" : null,
        attemptCount: 1,
        changedAt: new Date().toISOString(),
        version: 2,
      });
    }, reportDelayMs);
  }
  return { installId: req.installId, rpcId, status: "queued", queuedAt: new Date().toISOString() };
}

let infra: TestInfra;
let mesh: TestMesh;
let iotAdapter: GrpcServer;
let replicas: RunningService[] = [];
const clients: ReturnType<typeof client>[] = [];
const client = (svc: RunningService) => purchasesClient(svc, mesh);
/** Replica b publishes: it is never stopped. */
const publish = (type: string, data: unknown) => publishEvent(replicas[1]!, type, data);
const pool = () => replicas[1]!.pool;
const rowsOf = async <T>(sql: string, params: unknown[]) => (await pool().query(sql, params)).rows as T[];
const waitRow = (sql: string, params: unknown[], what: string) =>
  waitFor(async () => (await rowsOf(sql, params))[0], { what, timeoutMs: 15_000 });

function startReplica(name: string) {
  return startPurchases(name, infra, mesh, iotAdapter, {
    OPS_PORT: "0",
    ROLLOUT_TICK_MS: "200",
    ROLLOUT_REQUEUE_AFTER_MS: "1000",
    // Two queueing workers: a claiming transaction takes at most 8 devices (4 per worker).
    ROLLOUT_QUEUE_CONCURRENCY: "2",
    // An event a stopped replica had fetched but not acknowledged comes back after the ack wait (30 s by
    // default, past the waits below); the restart test needs it back within seconds.
    BUS_CONSUMER_ACK_WAIT: "5s",
    DB_POOL_MAX: "5",
  });
}

/** An item with a V12 release for the tracker only, listed by the provider, and bought for `devices`. */
async function boughtItem(devices: string[]) {
  const itemId = uuidv7();
  const listingId = uuidv7();
  const now = new Date().toISOString();
  await announceListedItem(publish, {
    itemId,
    listingId,
    marketplaceInstanceId: instanceId,
    latestVersion: V12,
  });
  await publish(itemReleaseAddedV1.type, {
    itemReleaseId: uuidv7(),
    itemId,
    organisationId: org(0xd1),
    marketplaceInstanceId: instanceId,
    infuseIotApplicationId: APP,
    infuseIotReleaseId: `rel-${itemId.slice(-4)}`,
    releaseVersion: V12,
    board: { id: TRACKER, name: "tracker", target: "t" },
    sizeBytes: 100,
    status: "preparing",
    createdAt: now,
    version: 1,
  });
  await waitRow("SELECT 1 FROM known_releases WHERE marketplace_item_id = $1", [itemId], "the release");
  await waitRow("SELECT 1 FROM known_listings WHERE id = $1", [listingId], "the listing");
  for (const deviceId of devices) {
    const pi = `pi_${uuidv7()}`;
    await publish(paymentUpdatedV1.type, {
      stripeEventId: `evt_${pi}`,
      kind: "paid",
      paymentIntentId: pi,
      listingId,
      deviceId,
      amount: { amount: 2000, currency: "EUR" },
      livemode: false,
      occurredAt: now,
      version: 1,
    });
  }
  await waitFor(
    async () => {
      const [row] = await rowsOf<{ n: number }>(
        "SELECT count(*)::int AS n FROM purchases WHERE marketplace_item_id = $1",
        [itemId],
      );
      return row!.n === devices.length ? true : undefined;
    },
    { what: "the purchases", timeoutMs: 30_000 },
  );
  return itemId;
}

const rolloutRow = (id: string) =>
  rowsOf<{ status: string; current_wave: number; wave_count: number }>(
    "SELECT * FROM rollouts WHERE id = $1",
    [id],
  ).then((rows) => rows[0]!);
const waitStatus = (id: string, status: string, timeoutMs = 30_000) =>
  waitFor(async () => ((await rolloutRow(id)).status === status ? true : undefined), {
    what: `rollout ${status}`,
    timeoutMs,
  });
const outboxOf = (type: string, rolloutId: string) =>
  rowsOf<{ payload: unknown }>(
    "SELECT payload FROM outbox WHERE event_type = $1 AND payload -> 'data' ->> 'rolloutId' = $2",
    [type, rolloutId],
  );

beforeAll(async () => {
  infra = await freshInfra("purchases_rollouts");
  mesh = await ephemeralMesh();
  iotAdapter = await startIotAdapterDouble({ mesh, devices: DEVICES, boardName, queueInstall });
  replicas = [await startReplica("purchases-a"), await startReplica("purchases-b")];
  await ensureStreams(replicas[0]!.bus, { iot: true });
  clients.push(client(replicas[0]!), client(replicas[1]!));
}, 60_000);

afterAll(async () => {
  for (const c of clients) c.close();
  for (const r of replicas) await r?.stop();
  await iotAdapter?.shutdown(0);
  await infra?.cleanup();
});

describe("rollouts, two replicas (real PostgreSQL and NATS, an iot-adapter double)", () => {
  it("installs every eligible device once in growing waves, across a replica's restart, never above maxInFlight", async () => {
    const devices = [...trackers.slice(0, 40), SENSOR_DEVICE, RUNNING_V12];
    const itemId = await boughtItem(devices);
    maxInFlightSeen = 0;
    const created = await clients[0]!.call(
      "createRollout",
      {
        marketplaceItemId: itemId,
        version: V12,
        deviceIds: [...devices, FOREIGN, trackers[47]!],
        boardId: "",
        firstWave: 2,
        growth: 2,
        maxInFlight: 5,
      },
      as(provider),
    );
    expect(created).toMatchObject({
      status: "running",
      currentWave: 1,
      waveCount: 5,
      firstWave: 2,
      growth: 2,
    });
    // 40 trackers in waves of 2, 4, 8, 16, 10; the sensor has no release for its board, one device runs
    // the version already, one is another organisation's and one was never bought.
    expect(created.counts).toEqual({
      total: 44,
      skipped: 4,
      queued: 40,
      inProgress: 0,
      succeeded: 0,
      failed: 0,
      cancelled: 0,
    });
    const skipped = await clients[1]!.call(
      "listRolloutDevices",
      { rolloutId: created.rolloutId, page: 1, pageSize: 100, status: "skipped" },
      as(provider),
    );
    expect(Object.fromEntries(skipped.items.map((d) => [d.deviceId, d.skipReason]))).toEqual({
      [SENSOR_DEVICE]: "release-incompatible",
      [RUNNING_V12]: "already-installed",
      [FOREIGN]: "not-purchased",
      [trackers[47]!]: "not-purchased",
    });

    // A replica stops in the middle (a restart): the other carries on, and it comes back.
    await waitFor(async () => ((await rolloutRow(created.rolloutId)).current_wave >= 3 ? true : undefined), {
      what: "wave 3",
      timeoutMs: 30_000,
    });
    clients[0]!.close();
    await replicas[0]!.stop();
    replicas[0] = await startReplica("purchases-a2");
    clients[0] = client(replicas[0]);
    // A generous wait, not a bound (about 1 s idle): an event the stopped replica held comes back after
    // the ack wait (5 s here), and CI's load slows the rest.
    await waitStatus(created.rolloutId, "completed", 60_000);

    const done = await clients[0]!.call("getRollout", { rolloutId: created.rolloutId }, as(provider));
    expect(done).toMatchObject({ status: "completed", currentWave: 5 });
    expect(done.counts).toMatchObject({ total: 44, skipped: 4, succeeded: 40, queued: 0, inProgress: 0 });
    // One install per device: one installs row, one install id at the adapter (asked again at most with the
    // same id), never above maxInFlight at once.
    const installs = await rowsOf<{ device_id: string; n: number }>(
      "SELECT device_id, count(*)::int AS n FROM installs WHERE marketplace_item_id = $1 GROUP BY device_id",
      [itemId],
    );
    expect(installs).toHaveLength(40);
    expect(installs.every((i) => i.n === 1)).toBe(true);
    const idsPerDevice = new Map<string, Set<string>>();
    for (const q of queueCalls.filter((q) => trackers.slice(0, 40).includes(q.deviceId)))
      idsPerDevice.set(q.deviceId, (idsPerDevice.get(q.deviceId) ?? new Set()).add(q.installId));
    expect(idsPerDevice.size).toBe(40);
    expect([...idsPerDevice.values()].every((ids) => ids.size === 1)).toBe(true);
    expect(maxInFlightSeen).toBeLessThanOrEqual(5);
    expect(maxInFlightSeen).toBeGreaterThan(1);
    // Waves in order: no device of wave n started before every device of wave n-1 finished.
    const waves = await rowsOf<{ wave: number; first_start: Date; last_finish: Date }>(
      `SELECT wave, min(started_at) AS first_start, max(finished_at) AS last_finish FROM rollout_devices
        WHERE rollout_id = $1 AND wave IS NOT NULL GROUP BY wave ORDER BY wave`,
      [created.rolloutId],
    );
    expect(waves.map((w) => w.wave)).toEqual([1, 2, 3, 4, 5]);
    for (let i = 1; i < waves.length; i++)
      expect(waves[i]!.first_start.getTime()).toBeGreaterThanOrEqual(waves[i - 1]!.last_finish.getTime());

    // Progress events: ids 1..n without a gap, the last one the completion; resumable after any id.
    const events = await clients[1]!.call(
      "listRolloutEvents",
      { rolloutId: created.rolloutId, afterId: 0, limit: 1000 },
      as(provider),
    );
    expect(events.items.map((e) => Number(e.id))).toEqual(events.items.map((_, i) => i + 1));
    expect(events.items.at(-1)!.type).toBe("rollout-completed");
    expect(events.ended).toBe(true);
    expect(events.items.filter((e) => e.type === "wave-started")).toHaveLength(5);
    const after = await clients[0]!.call(
      "listRolloutEvents",
      { rolloutId: created.rolloutId, afterId: 10, limit: 3 },
      as(provider),
    );
    expect(after.items.map((e) => Number(e.id))).toEqual([11, 12, 13]);
    expect(after.ended).toBe(false);

    // The contract event, once, through the outbox.
    const completed = await outboxOf("purchases.rollout.completed.v1", created.rolloutId);
    expect(completed).toHaveLength(1);
    const data = rolloutChange.parse((completed[0]!.payload as { data: unknown }).data);
    expect(data).toMatchObject({ status: "completed", version: V12, marketplaceItemId: itemId });
    expect(data.counts).toMatchObject({ total: 44, succeeded: 40, skipped: 4 });
  }, 150_000);

  it("pauses when failures exceed the threshold, resumes, and cancels what is queued", async () => {
    const devices = trackers.slice(40, 47);
    const itemId = await boughtItem(devices);
    failing.add(devices[0]!);
    const c = clients[1]!;
    const created = await c.call(
      "createRollout",
      {
        marketplaceItemId: itemId,
        version: V12,
        deviceIds: devices,
        boardId: "",
        failureThresholdPercent: 10,
      },
      as(provider),
    );
    expect(created).toMatchObject({ firstWave: 1, growth: 2, maxInFlight: 50, failureThresholdPercent: 10 });
    await waitStatus(created.rolloutId, "paused");
    const paused = await c.call("getRollout", { rolloutId: created.rolloutId }, as(provider));
    expect(paused.counts).toMatchObject({ failed: 1, queued: 6 });
    const [failedDevice] = (
      await c.call(
        "listRolloutDevices",
        { rolloutId: created.rolloutId, page: 1, pageSize: 10, status: "failed" },
        as(provider),
      )
    ).items;
    expect(failedDevice).toMatchObject({
      deviceId: devices[0],
      failureCode: "failed",
      detail: "dfu failed (-5)",
    });
    expect(await outboxOf("purchases.rollout.paused.v1", created.rolloutId)).toHaveLength(1);
    await expect(
      c.call("resumeRollout", { rolloutId: created.rolloutId }, as(otherProvider)),
    ).rejects.toMatchObject({ code: "not-found" });

    // Resumed, the threshold counts what finishes from now on: wave 2 (2 devices) succeeds, then the
    // rollout is cancelled while wave 3 is in flight: its installs finish and are reported.
    reportDelayMs = 1500;
    await c.call("resumeRollout", { rolloutId: created.rolloutId }, as(provider));
    await expect(
      c.call("resumeRollout", { rolloutId: created.rolloutId }, as(provider)),
    ).rejects.toMatchObject({
      code: "invalid-state",
    });
    await waitFor(async () => ((await rolloutRow(created.rolloutId)).current_wave === 3 ? true : undefined), {
      what: "wave 3",
      timeoutMs: 30_000,
    });
    const cancelled = await c.call("cancelRollout", { rolloutId: created.rolloutId }, as(provider));
    expect(cancelled.status).toBe("cancelled");
    expect(cancelled.counts!.queued).toBe(0);
    const inFlightAtCancel = cancelled.counts!.inProgress;
    expect(cancelled.counts!.cancelled + inFlightAtCancel).toBe(4);
    const events = await waitFor(
      async () => {
        const e = await c.call(
          "listRolloutEvents",
          { rolloutId: created.rolloutId, afterId: 0, limit: 0 },
          as(provider),
        );
        return e.ended ? e : undefined;
      },
      { what: "the stream's end", timeoutMs: 30_000 },
    );
    const final = await c.call("getRollout", { rolloutId: created.rolloutId }, as(provider));
    expect(final.counts).toMatchObject({
      failed: 1,
      succeeded: 2 + inFlightAtCancel,
      inProgress: 0,
      queued: 0,
    });
    expect(events.items.map((e) => e.type)).toContain("rollout-cancelled");
    await expect(
      c.call("cancelRollout", { rolloutId: created.rolloutId }, as(provider)),
    ).rejects.toMatchObject({
      code: "invalid-state",
    });
    reportDelayMs = 40;
  }, 120_000);

  it("asks again, with the same install id, for an install the adapter could not queue", async () => {
    const [device] = trackers.slice(47, 48) as [string];
    const itemId = await boughtItem([device]);
    unavailable.set(device, 20);
    const created = await clients[0]!.call(
      "createRollout",
      { marketplaceItemId: itemId, version: V12, deviceIds: [device], boardId: "" },
      as(provider),
    );
    await waitStatus(created.rolloutId, "completed");
    const calls = queueCalls.filter((q) => q.deviceId === device);
    expect(unavailable.get(device)).toBe(0);
    expect(calls.length).toBeGreaterThan(20);
    expect(new Set(calls.map((q) => q.installId)).size).toBe(1);
    const installs = await rowsOf<{ n: number }>(
      "SELECT count(*)::int AS n FROM installs WHERE marketplace_item_id = $1",
      [itemId],
    );
    expect(installs[0]!.n).toBe(1);
  }, 120_000);

  it("claims a large wave a batch at a time, queueing the first while the rest waits, each device once", async () => {
    const devices = trackers.slice(0, 40);
    const itemId = await boughtItem(devices);
    const created = await clients[0]!.call(
      "createRollout",
      {
        marketplaceItemId: itemId,
        version: V12,
        deviceIds: devices,
        boardId: "",
        firstWave: 40,
        growth: 1,
        maxInFlight: 40,
      },
      as(provider),
    );
    expect(created).toMatchObject({ waveCount: 1, counts: { queued: 40 } });
    await waitStatus(created.rolloutId, "completed");
    const claims = await rowsOf<{ device_id: string; install_id: string; started_at: Date }>(
      "SELECT device_id, install_id, started_at FROM rollout_devices WHERE rollout_id = $1",
      [created.rolloutId],
    );
    expect(claims).toHaveLength(40);
    // Claimed in several transactions (8 devices at most each), and the adapter was asked to queue the
    // first installs before the wave's last device was claimed: one transaction claiming all 40 would
    // have stamped them all before any QueueInstall.
    const claimTimes = claims.map((c) => c.started_at.getTime());
    expect(new Set(claimTimes).size).toBeGreaterThanOrEqual(3);
    const installIds = new Set(claims.map((c) => c.install_id));
    const calls = queueCalls.filter((q) => installIds.has(q.installId));
    expect(Math.min(...calls.map((q) => q.at))).toBeLessThan(Math.max(...claimTimes));
    // Each device once: one installs row, asked for with one install id.
    const installs = await rowsOf<{ n: number }>(
      "SELECT count(*)::int AS n FROM installs WHERE marketplace_item_id = $1",
      [itemId],
    );
    expect(installs[0]!.n).toBe(40);
    expect(new Set(calls.map((q) => q.installId)).size).toBe(40);
    expect(new Set(calls.map((q) => q.deviceId)).size).toBe(40);
  }, 120_000);

  it("refuses bad requests naming the field, and another organisation's rollout is not found", async () => {
    const c = clients[0]!;
    const base = { marketplaceItemId: uuidv7(), version: V12, deviceIds: [] as string[], boardId: "" };
    const fields = async (request: object) => {
      const error = await c.call("createRollout", { ...base, ...request }, as(provider)).catch((e) => e);
      expect(error).toMatchObject({ code: "validation-failed" });
      return Object.keys((error as AppError).extensions?.errors as object);
    };
    expect(await fields({ deviceIds: [trackers[0]], boardId: TRACKER })).toEqual(["body.boardId"]);
    expect(await fields({ deviceIds: ["nope"] })).toEqual(["body.deviceIds.0"]);
    expect(
      await fields({ deviceIds: Array.from({ length: 10_001 }, (_, i) => i.toString(16).padStart(16, "0")) }),
    ).toEqual(["body.deviceIds"]);
    expect(
      await fields({ firstWave: 0, growth: 11, failureThresholdPercent: 101, maxInFlight: 1001 }),
    ).toEqual(["body.firstWave", "body.growth", "body.failureThresholdPercent", "body.maxInFlight"]);
    await expect(c.call("createRollout", base, as(provider))).rejects.toMatchObject({ code: "not-found" });

    const [mine] = (
      await c.call(
        "listRollouts",
        { page: 1, pageSize: 100, orderBy: "", direction: "", status: "" },
        as(provider),
      )
    ).items;
    expect(mine).toBeDefined();
    const theirs = await c.call(
      "listRollouts",
      { page: 1, pageSize: 100, orderBy: "", direction: "", status: "" },
      as(otherProvider),
    );
    expect(theirs.items).toEqual([]);
    const rolloutId = mine!.rolloutId;
    for (const [method, request] of [
      ["getRollout", { rolloutId }],
      ["listRolloutDevices", { rolloutId, page: 1, pageSize: 10, status: "" }],
      ["listRolloutEvents", { rolloutId, afterId: 0, limit: 0 }],
      ["resumeRollout", { rolloutId }],
      ["cancelRollout", { rolloutId }],
    ] as const)
      await expect(c.call(method, request as never, as(otherProvider))).rejects.toMatchObject({
        code: "not-found",
      });
  }, 60_000);

  it("creates a rollout once per request id, on either replica and at once; other values are 409", async () => {
    const devices = trackers.slice(48, 52);
    const itemId = await boughtItem(devices);
    const request = {
      marketplaceItemId: itemId,
      version: V12,
      deviceIds: devices,
      boardId: "",
      firstWave: 2,
    };
    const ctx = as(provider);
    // The same request on both replicas at once (an ingress resending it after the first gateway died),
    // then once more after: one rollout, announced once.
    const [a, b] = await Promise.all(clients.map((c) => c.call("createRollout", request, ctx)));
    const again = await clients[0]!.call("createRollout", request, ctx);
    expect(b!.rolloutId).toBe(a!.rolloutId);
    expect(again.rolloutId).toBe(a!.rolloutId);
    const rows = await rowsOf<{ id: string }>(
      "SELECT id FROM rollouts WHERE marketplace_item_id = $1 AND creation_key = $2",
      [itemId, ctx.requestId],
    );
    expect(rows.map((r) => r.id)).toEqual([a!.rolloutId]);
    const created = await rowsOf<{ n: number }>(
      "SELECT count(*)::int AS n FROM rollout_events WHERE rollout_id = $1 AND type = 'rollout-created'",
      [a!.rolloutId],
    );
    expect(created[0]!.n).toBe(1);
    // The same request id with other values names another request.
    const reused = await clients[1]!.call("createRollout", { ...request, firstWave: 1 }, ctx).catch((e) => e);
    expect(reused).toMatchObject({ code: "request-id-reused" });
    expect((reused as AppError).extensions).toMatchObject({ rolloutId: a!.rolloutId });
    // Another organisation's request under the same id is its own.
    const theirs = await clients[0]!
      .call("createRollout", { ...request, deviceIds: [FOREIGN] }, as(otherProvider, ctx.requestId))
      .catch((e) => e);
    expect(theirs).not.toMatchObject({ code: "request-id-reused" });
    // The one rollout installs each device once.
    await waitStatus(a!.rolloutId, "completed", 60_000);
    const asked = queueCalls.filter((q) => devices.includes(q.deviceId));
    expect(new Set(asked.map((q) => q.deviceId)).size).toBe(4);
    expect(new Set(asked.map((q) => q.installId)).size).toBe(4);
  }, 120_000);
});

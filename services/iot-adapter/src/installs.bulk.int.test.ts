import { installStatusChangedV1 } from "@mp/contracts";
import { createPool, type Pool, withTransaction } from "@mp/db";
import { DEMO_BOARDS, demoSeed, type RunningSimulator, startSimulator } from "@mp/local/simulator";
import { createLogger, testLogger } from "@mp/logger";
import { makeUnitOfWork, migrateService, systemClock } from "@mp/runtime";
import { freshInfra, type TestInfra, waitFor } from "@mp/testing";
import { v7 as uuidv7 } from "uuid";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makePollInstalls } from "./application/poll-installs";
import type { DevicePlatform } from "./application/ports";
import { makeDevicePlatform } from "./infra/device-platform.adapter";
import { InfuseClient } from "./infra/infuse/infuse.client";
import { PlatformThrottle } from "./infra/infuse/platform-throttle";
import { makePgTokenBucket } from "./infra/infuse/platform-token-bucket";
import { startInstallPoller } from "./infra/install-poller";
import { makeInstallUpdateRepository } from "./infra/install-update.repository";
import { controlSimulator } from "./testing/adapter-stack";

/**
 * Following many in-flight installs costs O(1) platform requests per poll round: 300 installs on the
 * Infuse-IoT simulator's fleet (its clock stopped, moved by its control routes), the real client, the
 * real repository on PostgreSQL. Requests are counted by the simulator (`GET /__simulator/stats`; its
 * control routes are not counted). A round costs ceil(300 / 100) bulk queries plus one read per update
 * that is no longer pending; polling each update by itself cost 300.
 */
const SCHEMA = "iot_adapter";
const API_KEY = "ik_marketplace_bulk";
const IN_FLIGHT = 300;
const CHUNK = 100;

let infra: TestInfra;
let pool: Pool;
let simulator: RunningSimulator;
const seed = demoSeed();
const trackerReleases = seed.releases.filter((r) => r.boardId === DEMO_BOARDS.tracker);
const release = trackerReleases[0]!;
const nextRelease = trackerReleases[1]!;

beforeAll(async () => {
  infra = await freshInfra("iot_bulk_poll");
  pool = createPool({
    url: infra.databaseUrl,
    schema: SCHEMA,
    applicationName: "bulk-poll",
    max: 4,
    logger: testLogger("bulk-poll"),
  });
  await migrateService(pool, SCHEMA, new URL("../migrations", import.meta.url));
  simulator = await startSimulator({
    port: 0,
    seed,
    apiKey: API_KEY,
    tickMs: 0,
    devices: IN_FLIGHT,
    deviceBoards: [DEMO_BOARDS.tracker],
  });
});

afterAll(async () => {
  await simulator?.stop();
  await pool?.end();
  await infra?.cleanup();
});

const logger = testLogger("bulk-poll");
const client = () => new InfuseClient({ baseUrl: simulator.url, apiKey: API_KEY, logger, timeoutMs: 5_000 });
const platform = () => makeDevicePlatform(client());
const installs = () => makeInstallUpdateRepository(pool);
const round = () =>
  makePollInstalls({
    platform: platform(),
    installs: installs(),
    unitOfWork: makeUnitOfWork(pool),
    clock: systemClock,
    logger,
    pollMs: 1,
    batch: 1_000,
    chunk: CHUNK,
  });

/** Queues `releaseId` on each device through the real client and tracks it as QueueInstall does. */
async function queueAndTrack(
  devices: readonly { deviceId: string; organisationId: string }[],
  releaseId: string,
) {
  const queueing = platform();
  for (const device of devices) {
    const queued = await queueing.queueUpdate(device.deviceId, releaseId);
    if (queued.kind !== "queued") throw new Error("expected a queued update");
    await withTransaction(pool, (tx) =>
      installs().insert(
        tx,
        {
          installId: uuidv7(),
          organisationId: device.organisationId,
          deviceId: device.deviceId,
          releaseId,
          updateId: queued.updateId,
          status: "queued",
          detail: null,
          attemptCount: 1,
          version: 1,
          failures: 0,
          queuedAt: new Date(),
        },
        new Date(),
      ),
    );
  }
}

const control = (route: string, body?: unknown) => controlSimulator(simulator, route, body);
/** Platform requests the simulator served since the last call (the counts start again). */
const requestsSince = async () => {
  const stats = (await (await fetch(`${simulator.url}/__simulator/stats`)).json()) as { allowed: number };
  await control("rate-limit", { maxRps: 0 }); // no limit, counts reset
  return stats.allowed;
};

const statusCounts = async () => {
  const { rows } = await pool.query<{ status: string; n: number }>(
    "SELECT status, count(*)::int AS n FROM install_updates GROUP BY status ORDER BY status",
  );
  return Object.fromEntries(rows.map((r) => [r.status, r.n]));
};
const eventCount = async () =>
  (
    await pool.query<{ n: number }>("SELECT count(*)::int AS n FROM outbox WHERE event_type = $1", [
      installStatusChangedV1.type,
    ])
  ).rows[0]!.n;

describe("following installs in bulk against the simulator", () => {
  const fleet = seed.devices.length;
  it(`follows ${IN_FLIGHT} in-flight installs with ceil(n / ${CHUNK}) requests a round plus one per ended update`, async () => {
    const devices = simulator.seed.devices.slice(fleet);
    expect(devices).toHaveLength(IN_FLIGHT);
    await queueAndTrack(devices, release.id);
    await requestsSince();
    const poll = round();

    // Nothing moved: three bulk queries, nothing announced.
    expect(await poll()).toBe(IN_FLIGHT);
    expect(await requestsSince()).toBe(3);
    expect(await eventCount()).toBe(0);

    // Every RPC sent: still three requests, each install announced `sent` from the bulk answers.
    await control("tick");
    expect(await poll()).toBe(IN_FLIGHT);
    expect(await requestsSince()).toBe(3);
    expect(await statusCounts()).toEqual({ sent: IN_FLIGHT });

    // 20 succeed and 5 fail: 3 bulk queries + 25 reads of the updates no longer pending.
    for (const device of devices.slice(0, 20))
      await control("updates/advance", { deviceId: device.deviceId, outcome: "success" });
    for (const device of devices.slice(20, 25))
      await control("updates/advance", { deviceId: device.deviceId, outcome: "failed" });
    expect(await poll()).toBe(IN_FLIGHT);
    expect(await requestsSince()).toBe(3 + 25);
    expect(await statusCounts()).toEqual({ failed: 5, sent: IN_FLIGHT - 25, succeeded: 20 });
    expect(await eventCount()).toBe(IN_FLIGHT + 25);

    // 275 left in flight: ceil(275 / 100) = 3 a round, settled rows no longer polled.
    expect(await poll()).toBe(IN_FLIGHT - 25);
    expect(await requestsSince()).toBe(3);

    // All of them end: the last round reads each ended update once, and nothing is left to poll.
    await control("updates/advance", { outcome: "success" });
    expect(await poll()).toBe(IN_FLIGHT - 25);
    expect(await requestsSince()).toBe(3 + IN_FLIGHT - 25);
    expect(await statusCounts()).toEqual({ failed: 5, succeeded: IN_FLIGHT - 5 });
    expect(await poll()).toBe(0);
    expect(await requestsSince()).toBe(0);
  });

  it("measures the request rate of the running loop with N installs in flight", async () => {
    // A second batch of installs on the same fleet, left pending; the loop polls every 250 ms for 3 s.
    const devices = simulator.seed.devices.slice(fleet);
    await queueAndTrack(devices, nextRelease.id);
    await requestsSince();
    const pollMs = 250;
    const poller = startInstallPoller({
      logger,
      pollMs,
      batch: 1_000,
      pollInstalls: makePollInstalls({
        platform: platform(),
        installs: installs(),
        unitOfWork: makeUnitOfWork(pool),
        clock: systemClock,
        logger,
        pollMs,
        batch: 1_000,
        chunk: CHUNK,
      }),
    });
    const started = performance.now();
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    await poller.stop();
    const seconds = (performance.now() - started) / 1000;
    const requests = await requestsSince();
    // Each round takes 3 requests; `stop` may end the last one between its chunks (fewer than 3).
    const rounds = Math.ceil(requests / 3);
    // At most one round per poll interval; polling each update by itself would have taken IN_FLIGHT
    // requests a round.
    expect(rounds).toBeLessThanOrEqual(Math.ceil((seconds * 1000) / pollMs) + 1);
    expect(rounds).toBeGreaterThanOrEqual(2);
    console.info(
      `bulk poll: ${IN_FLIGHT} in flight, ${rounds} rounds in ${seconds.toFixed(1)} s, ${requests} requests = ${(requests / seconds).toFixed(1)}/s (one read each: ${((rounds * IN_FLIGHT) / seconds).toFixed(0)}/s)`,
    );
  });

  it("keeps its lease while it waits for budget tokens: two replicas, every ended update read once", async () => {
    // Settle what the tests before left in flight; then 60 fresh installs that all end before polling.
    const ended = 60;
    await control("updates/advance", { outcome: "success" });
    await pool.query("DELETE FROM install_updates");
    const devices = simulator.seed.devices.slice(fleet, fleet + ended);
    await queueAndTrack(devices, release.id);
    await control("updates/advance", { outcome: "success" });
    await requestsSince();
    const events = await eventCount();

    // A 5 s lease, renewed on a timer with half of it left (the module's default shape). 5 requests/s
    // shared through PostgreSQL: the round's 61 requests take over 12 s, more than twice the lease.
    // The lease no longer depends on how long a call takes, so calls get a token wait and a timeout no
    // loaded machine reaches: a read given up for a token (busy) or timed out is polled again by a later
    // round, with a bulk query of its own, which this count would take for a lapse.
    const maxWaitMs = 30_000;
    const timeoutMs = 30_000;
    const leaseMs = 5_000;
    const renewBeforeMs = 2_500;
    /** Platform calls each replica made (the client's own retries not counted). */
    const callsBy: Record<string, number> = {};
    const counted = (name: string, platform: DevicePlatform): DevicePlatform => {
      callsBy[name] = 0;
      return {
        ...platform,
        pendingUpdates: (deviceIds, signal) => {
          callsBy[name]!++;
          return platform.pendingUpdates(deviceIds, signal);
        },
        getUpdate: (deviceId, updateId, signal) => {
          callsBy[name]!++;
          return platform.getUpdate(deviceId, updateId, signal);
        },
      };
    };
    const replica = (name: string) => {
      // Warnings shown: a failed renewal or a failed call is what to read when the count is off.
      const replicaLogger = createLogger({ service: name, level: "warn" });
      const throttle = new PlatformThrottle(makePgTokenBucket(pool, { rps: 5, fallbackRps: 2 }), {
        maxWaitMs,
        logger: replicaLogger,
      });
      const budgeted = new InfuseClient({
        baseUrl: simulator.url,
        apiKey: API_KEY,
        logger: replicaLogger,
        timeoutMs,
        throttle,
      });
      return startInstallPoller({
        logger: replicaLogger,
        pollMs: 100,
        batch: 1_000,
        pollInstalls: makePollInstalls({
          platform: counted(name, makeDevicePlatform(budgeted)),
          installs: installs(),
          unitOfWork: makeUnitOfWork(pool),
          clock: systemClock,
          logger: replicaLogger,
          pollMs: 100,
          batch: 1_000,
          chunk: CHUNK,
          leaseMs,
          renewBeforeMs,
        }),
      });
    };
    const replicas = [replica("budget-a"), replica("budget-b")];
    const started = performance.now();
    try {
      await waitFor(async () => ((await statusCounts()).succeeded === ended ? true : undefined), {
        what: `${ended} installs succeeded`,
        timeoutMs: 90_000,
      });
    } finally {
      await Promise.all(replicas.map((r) => r.stop()));
    }
    const seconds = (performance.now() - started) / 1000;
    // One bulk query and one read per update: a lapsed lease would have let the other replica query
    // again (and cut the first one's calls off).
    expect(await requestsSince(), `platform calls by replica: ${JSON.stringify(callsBy)}`).toBe(1 + ended);
    expect(await eventCount()).toBe(events + ended);
    expect(seconds).toBeGreaterThan((2 * leaseMs) / 1000);
    console.info(
      `budgeted round: ${1 + ended} requests at 5/s in ${seconds.toFixed(1)} s, lease ${leaseMs / 1000} s, renewed`,
    );
  }, 120_000);
});

import { setTimeout as sleep } from "node:timers/promises";
import { type Pool, withTransaction } from "@mp/db";
import { testLogger } from "@mp/logger";
import { makeUnitOfWork, systemClock } from "@mp/runtime";
import { v7 as uuidv7 } from "uuid";
import { afterEach, describe, expect, it } from "vitest";
import { makePollInstalls, makePollPause } from "../application/poll-installs";
import type { DevicePlatform } from "../application/ports";
import type { PendingUpdate } from "../domain/install-follow";
import { queuedInstall } from "../testing/fixtures";
import { useAdapterReplicaPools } from "../testing/replica-pools";
import { startInstallPoller } from "./install-poller";
import { makeInstallUpdateRepository } from "./install-update.repository";

/**
 * When the install poller reads, on a real schema, as the iot-adapter wires it: a few installs in flight
 * are read when they are due rather than up to an interval later, and a bulk query's worth or more keep
 * rounds an interval apart (each round costs the platform a bulk query per chunk). The platform is a fake
 * that records when each device was asked about and keeps every update pending.
 */
const CHUNK = 100;

const pools = useAdapterReplicaPools("iot_poll_due", 3);

/** Device id -> its update id, and every bulk query: when, which devices. */
const updateOf = new Map<string, string>();
const asked: { at: number; deviceIds: string[] }[] = [];

const platform: DevicePlatform = {
  listDevices: async () => ({ items: [], hasMore: false }),
  getDevice: async () => null,
  queueUpdate: async () => ({ kind: "current" }),
  getUpdate: async () => ({ status: "pending", attemptCount: 0, message: { status: "waiting" } }),
  async pendingUpdates(deviceIds) {
    asked.push({ at: Date.now(), deviceIds: [...deviceIds] });
    const pending = new Map<string, PendingUpdate>();
    for (const deviceId of deviceIds) {
      const updateId = updateOf.get(deviceId);
      if (updateId)
        pending.set(deviceId, {
          updateId,
          status: "pending",
          attemptCount: 0,
          message: { status: "waiting" },
        });
    }
    return pending;
  },
};

let stopPoller: (() => Promise<void>) | undefined;
afterEach(async () => {
  await stopPoller?.();
  stopPoller = undefined;
  asked.length = 0;
  updateOf.clear();
});

function startPoller(pool: Pool, pollMs: number, rounds: number[]) {
  const installs = makeInstallUpdateRepository(pool);
  const logger = testLogger("poll-due");
  const poll = makePollInstalls({
    platform,
    installs,
    unitOfWork: makeUnitOfWork(pool),
    clock: systemClock,
    logger,
    pollMs,
    batch: 500,
    chunk: CHUNK,
  });
  const poller = startInstallPoller({
    logger,
    pollMs,
    batch: 500,
    pauseMs: makePollPause({ installs, pollMs, chunk: CHUNK }),
    pollInstalls: async (signal) => {
      const at = Date.now();
      const seen = await poll(signal);
      if (seen > 0) rounds.push(at);
      return seen;
    },
  });
  stopPoller = () => poller.stop();
}

/** An install queued on the platform for `deviceId`, first due at `dueAt`. */
async function follow(pool: Pool, deviceId: string, dueAt: Date): Promise<void> {
  const updateId = `upd-${uuidv7()}`;
  updateOf.set(deviceId, updateId);
  await withTransaction(pool, (tx) =>
    makeInstallUpdateRepository(pool).insert(tx, queuedInstall(deviceId, updateId), dueAt),
  );
}

describe("install poller: when it reads", () => {
  it("reads a few installs in flight when they are due, not an interval later", async () => {
    const pool = pools.pool("poll-due-a");
    await pool.query("DELETE FROM install_updates");
    const pollMs = 2_000;
    const rounds: number[] = [];
    startPoller(pool, pollMs, rounds);
    // The first round found nothing and pauses an interval; two installs are queued meanwhile, each first
    // due an interval after it was queued (as QueueInstall sets it), so just after that pause ends.
    await sleep(200);
    const dueAt = Date.now() + pollMs;
    await follow(pool, "dev-a", new Date(dueAt));
    await follow(pool, "dev-b", new Date(dueAt + 300));
    const first = (deviceId: string) => asked.find((a) => a.deviceIds.includes(deviceId))?.at;
    for (const deadline = Date.now() + 3 * pollMs; !first("dev-b") && Date.now() < deadline; )
      await sleep(20);
    // Never before due (the database's clock is this machine's), and well within an interval after.
    expect(first("dev-a")).toBeGreaterThanOrEqual(dueAt - 5);
    expect(first("dev-a")).toBeLessThan(dueAt + pollMs / 2);
    expect(first("dev-b")).toBeGreaterThanOrEqual(dueAt + 300 - 5);
    expect(first("dev-b")).toBeLessThan(dueAt + 300 + pollMs / 2);
  });

  it("keeps rounds an interval apart while a bulk query's worth or more is followed", async () => {
    const pool = pools.pool("poll-due-b");
    await pool.query("DELETE FROM install_updates");
    const pollMs = 600;
    // 150 installs whose first polls fall every 10 ms over 1.5 s: a round per due row would be ~150.
    // Inserted not yet due, then given their times in one statement, so a slow machine's inserts do not
    // leave them all due at once (one round, and nothing to measure).
    for (let i = 0; i < 150; i++) await follow(pool, `dev-${i}`, new Date(Date.now() + 3_600_000));
    await pool.query(
      `UPDATE install_updates u SET next_poll_at = $1::timestamptz + make_interval(secs => o.n * 0.01)
         FROM (SELECT install_id, row_number() OVER (ORDER BY next_poll_at) - 1 AS n FROM install_updates) o
        WHERE u.install_id = o.install_id`,
      [new Date(Date.now() + 100)],
    );
    const rounds: number[] = [];
    startPoller(pool, pollMs, rounds);
    const read = () => new Set(asked.flatMap((a) => a.deviceIds)).size;
    for (const deadline = Date.now() + 15_000; read() < 150 && Date.now() < deadline; ) await sleep(50);
    await sleep(pollMs);
    await stopPoller?.();
    // Every install was read, in rounds an interval apart at least (not one round per due install).
    expect(read()).toBe(150);
    expect(rounds.length).toBeGreaterThanOrEqual(2);
    for (let i = 1; i < rounds.length; i++)
      expect(rounds[i]! - rounds[i - 1]!).toBeGreaterThanOrEqual(pollMs - 5);
  });
});

import { setTimeout as sleep } from "node:timers/promises";
import { installStatusChangedV1 } from "@mp/contracts";
import { type Pool, withTransaction } from "@mp/db";
import { testLogger } from "@mp/logger";
import { makeUnitOfWork, systemClock } from "@mp/runtime";
import { waitFor } from "@mp/testing";
import { v7 as uuidv7 } from "uuid";
import { describe, expect, it } from "vitest";
import { makePollInstalls } from "../application/poll-installs";
import type { DevicePlatform } from "../application/ports";
import type { PendingUpdate } from "../domain/install-follow";
import type { UpdateFacts } from "../domain/install-status";
import { queuedInstall } from "../testing/fixtures";
import { useAdapterReplicaPools } from "../testing/replica-pools";
import { startInstallPoller } from "./install-poller";
import { makeInstallUpdateRepository } from "./install-update.repository";

/**
 * Two replicas of the install poller, each with its own pool, on one real schema: no install is read by
 * both at once, and each change the platform reports is announced once (versions 2, 3, ... with no gap or
 * repeat), also when a third replica dies holding leases. The platform is a fake whose reads (the bulk
 * pending query and single updates) take a while, and whose updates the test moves on.
 */
const READ_MS = 40;
const POLL_MS = 20;
const BATCH = 2;

/** What the platform answers for each update id. */
const facts = new Map<string, UpdateFacts>();
/** Reads of each update in flight now, and the most there ever were at once. */
const inFlight = new Map<string, number>();
const mostAtOnce = new Map<string, number>();

/** Each device's latest update id (the one the bulk pending query can report). */
const latestOf = new Map<string, string>();

/** Counts `updateIds` as being read while `read` runs (a bulk query reads every update it covers). */
async function reading<T>(updateIds: string[], read: () => T): Promise<T> {
  for (const id of updateIds) {
    const now = (inFlight.get(id) ?? 0) + 1;
    inFlight.set(id, now);
    mostAtOnce.set(id, Math.max(now, mostAtOnce.get(id) ?? 0));
  }
  try {
    await sleep(READ_MS);
    return read();
  } finally {
    for (const id of updateIds) inFlight.set(id, (inFlight.get(id) ?? 1) - 1);
  }
}

const platform: DevicePlatform = {
  listDevices: async () => ({ items: [], hasMore: false }),
  getDevice: async () => null,
  queueUpdate: async () => ({ kind: "current" }),
  getUpdate: (_deviceId, updateId) =>
    reading([updateId], () => {
      const answer = facts.get(updateId);
      if (!answer) throw new Error(`unknown update ${updateId}`);
      return answer;
    }),
  pendingUpdates(deviceIds) {
    const covered = deviceIds.flatMap((d) => latestOf.get(d) ?? []);
    return reading(covered, () => {
      const pending = new Map<string, PendingUpdate>();
      for (const deviceId of deviceIds) {
        const updateId = latestOf.get(deviceId);
        const answer = updateId === undefined ? undefined : facts.get(updateId);
        if (updateId && answer?.status === "pending") pending.set(deviceId, { updateId, ...answer });
      }
      return pending;
    });
  },
};

const SENT: UpdateFacts = { status: "pending", attemptCount: 1, message: { status: "sent" } };
const SUCCEEDED: UpdateFacts = { status: "success", attemptCount: 1 };

const pools = useAdapterReplicaPools("iot_poll_replicas", 2);
const replicaPool = pools.pool;

/** One replica's poller: its own pool and loop, as buildIotAdapter wires them. */
function startReplica(name: string) {
  const pool = replicaPool(name);
  const installs = makeInstallUpdateRepository(pool);
  const logger = testLogger(name);
  return startInstallPoller({
    logger,
    pollMs: POLL_MS,
    batch: BATCH,
    pollInstalls: makePollInstalls({
      platform,
      installs,
      unitOfWork: makeUnitOfWork(pool),
      clock: systemClock,
      logger,
      pollMs: POLL_MS,
      batch: BATCH,
    }),
  });
}

/** `n` installs queued on the platform (version 1), due now; their update ids. */
async function queueInstalls(pool: Pool, n: number): Promise<string[]> {
  const installs = makeInstallUpdateRepository(pool);
  const updateIds: string[] = [];
  for (let i = 0; i < n; i++) {
    const updateId = `upd-${uuidv7()}`;
    facts.set(updateId, { status: "pending", attemptCount: 0, message: { status: "waiting" } });
    latestOf.set(`dev-${i}`, updateId);
    await withTransaction(pool, (tx) => installs.insert(tx, queuedInstall(`dev-${i}`, updateId), new Date()));
    updateIds.push(updateId);
  }
  return updateIds;
}

/** The status events in the outbox of each update, as `version:status`, in version order. */
async function announced(pool: Pool): Promise<Map<string, string[]>> {
  const { rows } = await pool.query<{ rpc_id: string; changes: string[] }>(
    `SELECT payload->'data'->>'rpcId' AS rpc_id,
            array_agg((payload->'data'->>'version') || ':' || (payload->'data'->>'status')
                      ORDER BY (payload->'data'->>'version')::int) AS changes
       FROM outbox WHERE event_type = $1 GROUP BY 1`,
    [installStatusChangedV1.type],
  );
  return new Map(rows.map((r) => [r.rpc_id, r.changes]));
}

async function statuses(pool: Pool, updateIds: string[]): Promise<string[]> {
  const { rows } = await pool.query<{ status: string }>(
    "SELECT status FROM install_updates WHERE update_id = ANY($1)",
    [updateIds],
  );
  return rows.map((r) => r.status);
}

const allAre = (pool: Pool, updateIds: string[], status: string) =>
  waitFor(async () => (await statuses(pool, updateIds)).every((s) => s === status) || undefined, {
    timeoutMs: 15_000,
    what: `every install ${status}`,
  });

describe("install poller, two replicas", () => {
  it("reads no install on both at once and announces each change once", async () => {
    const probe = replicaPool("poll-probe");
    const updateIds = await queueInstalls(probe, 8);
    const replicas = [startReplica("poll-replica-a"), startReplica("poll-replica-b")];
    try {
      for (const id of updateIds) facts.set(id, SENT);
      await allAre(probe, updateIds, "sent");
      // Rounds keep reading the unchanged updates for a while: a lease that did not hold would show here.
      await sleep(300);
      for (const id of updateIds) facts.set(id, SUCCEEDED);
      await allAre(probe, updateIds, "succeeded");
      const events = await announced(probe);
      for (const id of updateIds) {
        expect(events.get(id)).toEqual(["2:sent", "3:succeeded"]);
        expect(mostAtOnce.get(id)).toBe(1);
      }
    } finally {
      await Promise.all(replicas.map((r) => r.stop()));
    }
  });

  it("lets the other replicas take over installs whose replica died holding their leases", async () => {
    const probe = replicaPool("poll-probe-2");
    const updateIds = await queueInstalls(probe, 3);
    for (const id of updateIds) facts.set(id, SUCCEEDED);
    // A replica leases every install for a short while and dies before reading any.
    const dead = replicaPool("poll-replica-dead");
    expect(await makeInstallUpdateRepository(dead).claimDue(10, 800)).toHaveLength(3);
    await pools.end(dead);

    const replicas = [startReplica("poll-replica-c"), startReplica("poll-replica-d")];
    try {
      await sleep(400);
      for (const id of updateIds) expect(mostAtOnce.get(id)).toBeUndefined();
      await allAre(probe, updateIds, "succeeded");
      const events = await announced(probe);
      for (const id of updateIds) {
        expect(events.get(id)).toEqual(["2:succeeded"]);
        expect(mostAtOnce.get(id)).toBe(1);
      }
    } finally {
      await Promise.all(replicas.map((r) => r.stop()));
    }
  });

  it("announces nothing from a replica that outlived its lease: the one that took over has moved on", async () => {
    const probe = replicaPool("poll-probe-3");
    const [updateId] = await queueInstalls(probe, 1);
    facts.set(updateId!, SUCCEEDED);
    let reading: () => void = () => {};
    const started = new Promise<void>((resolve) => {
      reading = resolve;
    });
    let answer: () => void = () => {};
    const hung = new Promise<void>((resolve) => {
      answer = resolve;
    });
    // The stale replica's platform read hangs until the test lets it answer.
    const slow: DevicePlatform = {
      ...platform,
      async getUpdate(deviceId, id) {
        reading();
        await hung;
        return platform.getUpdate(deviceId, id);
      },
    };
    const round = (name: string, devicePlatform: DevicePlatform) => {
      const pool = replicaPool(name);
      return makePollInstalls({
        platform: devicePlatform,
        installs: makeInstallUpdateRepository(pool),
        unitOfWork: makeUnitOfWork(pool),
        clock: systemClock,
        logger: testLogger(name),
        pollMs: POLL_MS,
        batch: BATCH,
      });
    };
    const stale = round("poll-replica-stale", slow)();
    await started;
    // Its lease runs out while the read hangs (as in a long pause); another replica takes the install over.
    await probe.query("UPDATE install_updates SET next_poll_at = now() WHERE update_id = $1", [updateId]);
    expect(await round("poll-replica-e", platform)()).toBe(1);
    answer();
    expect(await stale).toBe(1);
    expect((await announced(probe)).get(updateId!)).toEqual(["2:succeeded"]);
  });

  it("renews a round's lease only while the round still holds the rows; its stale token writes nothing", async () => {
    const probe = replicaPool("poll-probe-4");
    const updateIds = await queueInstalls(probe, 2);
    const { rows } = await probe.query<{ install_id: string }>(
      "SELECT install_id FROM install_updates WHERE update_id = ANY($1) ORDER BY update_id",
      [updateIds],
    );
    const ids = rows.map((r) => r.install_id);
    const round = makeInstallUpdateRepository(probe);
    const claimed = await round.claimDue(10, 60_000);
    expect(claimed.map((c) => c.installId).sort()).toEqual([...ids].sort());
    const token = claimed[0]!.leaseUntil;
    expect(claimed.every((c) => c.leaseUntil.getTime() === token.getTime())).toBe(true);
    const renewed = await round.renewLease(ids, token, 60_000);
    expect(renewed.installIds.sort()).toEqual([...ids].sort());
    // The first row's lease runs out and another round takes it over.
    await probe.query("UPDATE install_updates SET next_poll_at = now() WHERE install_id = $1", [ids[0]]);
    const other = await makeInstallUpdateRepository(replicaPool("poll-replica-f")).claimDue(10, 60_000);
    expect(other.map((c) => c.installId)).toEqual([ids[0]]);
    const again = await round.renewLease(ids, renewed.leaseUntil, 60_000);
    expect(again.installIds).toEqual([ids[1]]);
    await round.rescheduleMany(ids, new Date(0), again.leaseUntil);
    await round.reschedule(ids[0]!, 7, new Date(0), again.leaseUntil);
    const after = await probe.query<{ install_id: string; next_poll_at: Date; failures: number }>(
      "SELECT install_id, next_poll_at, failures FROM install_updates WHERE install_id = ANY($1::uuid[])",
      [ids],
    );
    const byId = new Map(after.rows.map((r) => [r.install_id, r]));
    expect(byId.get(ids[0]!)).toMatchObject({ next_poll_at: other[0]!.leaseUntil, failures: 0 });
    expect(byId.get(ids[1]!)?.next_poll_at).toEqual(new Date(0));
  });
});

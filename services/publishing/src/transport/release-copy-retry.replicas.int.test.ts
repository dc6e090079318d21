import { setTimeout as sleep } from "node:timers/promises";
import { createPool, type Pool } from "@mp/db";
import { testLogger } from "@mp/logger";
import { makeUnitOfWork, migrateService, systemClock } from "@mp/runtime";
import { waitFor } from "@mp/testing";
import { useReplicaPools } from "@mp/testing/replica-pools";
import { v7 as uuidv7 } from "uuid";
import { describe, expect, it } from "vitest";
import type { IotAdapterPort } from "../application/release-ports";
import { makeRetryReleaseCopies } from "../application/retry-release-copies";
import { makeItemReleaseRepository } from "../infra/item-release.repository";
import { makeReleaseItemReader } from "../infra/release-item.repository";
import { startReleaseCopyRetryLoop } from "./release-copy-retry.loop";

/**
 * Two replicas of the release-copy retry loop, each with its own pool, on one real schema: every copy
 * request the iot-adapter has not accepted is asked again once, by one replica, also when a third replica
 * dies holding leases. The adapter is a fake whose answers take a while, so passes overlap.
 */
const SCHEMA = "publishing";
const ASK_MS = 40;
const ORG = "0193a5d0-de00-7000-8000-000000000001";

let itemId: string;
/** Copy requests per item release, and the most asked at once. */
const asked = new Map<string, number>();
const inFlight = new Map<string, number>();
const mostAtOnce = new Map<string, number>();

const iot = {
  async copyReleaseBinary(request: { itemReleaseId: string }) {
    const id = request.itemReleaseId;
    asked.set(id, (asked.get(id) ?? 0) + 1);
    inFlight.set(id, (inFlight.get(id) ?? 0) + 1);
    mostAtOnce.set(id, Math.max(inFlight.get(id) ?? 0, mostAtOnce.get(id) ?? 0));
    await sleep(ASK_MS);
    inFlight.set(id, (inFlight.get(id) ?? 1) - 1);
    return {};
  },
} as unknown as IotAdapterPort;

const pools = useReplicaPools({
  label: "publishing_retry_replicas",
  schema: SCHEMA,
  createPool,
  max: 2,
  endAfter: "test",
  prepare: async (admin) => {
    await migrateService(admin, SCHEMA, new URL("../../migrations", import.meta.url));
    const instanceId = uuidv7();
    itemId = uuidv7();
    await admin.query(
      `INSERT INTO known_instances (id, owner_organisation_id, default_currency, platform_fee_bps, created_at)
       VALUES ($1, $2, 'EUR', 1000, now())`,
      [instanceId, ORG],
    );
    await admin.query(
      `INSERT INTO items (id, organisation_id, marketplace_instance_id, infuse_iot_application_id, type, status,
                          created_at, updated_at)
       VALUES ($1, $2, $3, 1, 'app', 'draft', now(), now())`,
      [itemId, ORG, instanceId],
    );
  },
});
const replicaPool = pools.pool;

/** One replica's retry loop, wired as buildReleases wires it, with short passes; `asked` counts its asks. */
function startReplica(name: string) {
  const pool = replicaPool(name);
  const logger = testLogger(name);
  const pass = makeRetryReleaseCopies({
    releases: makeItemReleaseRepository(pool),
    items: makeReleaseItemReader(pool),
    iot,
    unitOfWork: makeUnitOfWork(pool),
    clock: systemClock,
    logger,
    batchSize: 2,
    leaseMs: 10_000,
  });
  const replica = { asked: 0, stop: async () => {} };
  const loop = startReleaseCopyRetryLoop(
    async () => {
      const n = await pass();
      replica.asked += n;
      return n;
    },
    { intervalMs: 20, logger },
  );
  replica.stop = () => loop.stop();
  return replica;
}

/** `n` preparing item releases whose copy request is not accepted yet, due now; their ids. */
async function pendingCopies(pool: Pool, n: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    const id = uuidv7();
    await pool.query(
      `INSERT INTO item_releases (id, item_id, organisation_id, infuse_iot_application_id, infuse_iot_release_id,
                                  version, version_key, board_id, board_name, board_target, size_bytes, crc32,
                                  object_key, status, copy_next_attempt_at, created_at, updated_at)
       VALUES ($1, $2, $3, 1, $4, '1.0.0', '1.0.0', 'b', 'B', 't', 11, 1, NULL, 'preparing', now(), now(), now())`,
      [id, itemId, ORG, `rel-${id}`],
    );
    ids.push(id);
  }
  return ids;
}

const accepted = async (pool: Pool, ids: string[]) =>
  (
    await pool.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM item_releases WHERE id = ANY($1::uuid[]) AND copy_requested_at IS NOT NULL",
      [ids],
    )
  ).rows[0]!.n;

describe("release-copy retry loop, two replicas", () => {
  it("asks the adapter once per pending copy, never for one copy on both at once", async () => {
    const probe = replicaPool("retry-probe");
    const ids = await pendingCopies(probe, 10);
    const replicas = [startReplica("retry-a"), startReplica("retry-b")];
    try {
      await waitFor(async () => ((await accepted(probe, ids)) === ids.length ? true : undefined), {
        timeoutMs: 15_000,
        what: "every copy request accepted",
      });
      // Passes go on meanwhile: a lease that did not hold would ask again here.
      await sleep(200);
      for (const id of ids) {
        expect(asked.get(id), id).toBe(1);
        expect(mostAtOnce.get(id)).toBe(1);
      }
      expect(replicas[0]!.asked).toBeGreaterThan(0);
      expect(replicas[1]!.asked).toBeGreaterThan(0);
    } finally {
      await Promise.all(replicas.map((r) => r.stop()));
    }
  });

  it("asks for the copies of a replica that died holding their leases once the leases expire", async () => {
    const probe = replicaPool("retry-probe-2");
    const ids = await pendingCopies(probe, 3);
    const dead = replicaPool("retry-dead");
    expect(await makeItemReleaseRepository(dead).claimDueCopies(10, 800)).toHaveLength(3);
    await pools.end(dead);
    const replicas = [startReplica("retry-c"), startReplica("retry-d")];
    try {
      await sleep(400);
      for (const id of ids) expect(asked.get(id)).toBeUndefined();
      await waitFor(async () => ((await accepted(probe, ids)) === ids.length ? true : undefined), {
        timeoutMs: 10_000,
        what: "the dead replica's copies asked for",
      });
      for (const id of ids) expect(asked.get(id)).toBe(1);
    } finally {
      await Promise.all(replicas.map((r) => r.stop()));
    }
  });
});

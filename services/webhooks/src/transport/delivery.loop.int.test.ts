import { fileURLToPath } from "node:url";
import { createPool, migrate, migrationsFromDir, type Pool, withTransaction } from "@mp/db";
import { testLogger } from "@mp/logger";
import { systemClock } from "@mp/runtime";
import { freshInfra, type TestInfra, waitFor } from "@mp/testing";
import { v7 as uuidv7 } from "uuid";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ClaimedDelivery, DeliveryRepository, FreshDelivery, Subscriber } from "../application/ports";
import { DEVELOPMENT_SECRET_KEY } from "../config";
import type { AttemptOutcome } from "../domain/delivery";
import { makeDeliveryRepository } from "../infra/delivery.repository";
import { makeSecretBox, parseSecretKey } from "../infra/secret-box";
import { type DeliveryLoop, startDeliveryLoop } from "./delivery.loop";

/**
 * The workers' two ways in, over real PostgreSQL (webhooks' schema, no service running): a delivery leased
 * at insert is attempted once
 * its transaction commits even when the announcement is lost, never when the transaction rolls back, and
 * the per-endpoint cap holds across deliveries leased at insert and claimed ones.
 */
let infra: TestInfra;
let pool: Pool;
const loops: DeliveryLoop[] = [];
const box = makeSecretBox(parseSecretKey(DEVELOPMENT_SECRET_KEY) as Buffer);
const organisationId = uuidv7();

beforeAll(async () => {
  infra = await freshInfra("webhooks_loop");
  pool = createPool({ url: infra.databaseUrl, schema: "webhooks", max: 6 });
  const dir = fileURLToPath(new URL("../../migrations", import.meta.url));
  await migrate(pool, "webhooks", await migrationsFromDir(dir));
});

afterAll(async () => {
  await Promise.all(loops.map((l) => l.stop()));
  await pool?.end();
  await infra?.cleanup();
});

async function endpoint(): Promise<Subscriber> {
  const id = uuidv7();
  const sealed = box.seal(id, "whsec_test");
  await pool.query(
    `INSERT INTO endpoints (id, organisation_id, url, events, secret_sealed, created_at, updated_at)
     VALUES ($1, $2, 'http://127.0.0.1:9/unused', '{statement.paid}', $3, now(), now())`,
    [id, organisationId, sealed],
  );
  return {
    id,
    url: "http://127.0.0.1:9/unused",
    retrying: false,
    secrets: { current: sealed, previous: null, previousExpiresAt: null },
  };
}

const fresh = (to: Subscriber): FreshDelivery => ({
  id: uuidv7(),
  endpointId: to.id,
  organisationId,
  eventId: uuidv7(),
  eventType: "statement.paid",
  body: "{}",
  createdAt: new Date(),
  endpoint: to,
});

/**
 * A loop whose attempts are recorded here (each taking `attemptMs`), its notices replaced when `lossy`;
 * the previous test's loop is stopped first, so only this one claims.
 */
async function loop(options: { lossy?: boolean; attemptMs?: number; perEndpoint?: number } = {}) {
  await Promise.all(loops.splice(0).map((l) => l.stop()));
  const repository = makeDeliveryRepository(pool);
  const deliveries: DeliveryRepository = options.lossy
    ? { ...repository, enqueue: (tx, ds, o) => repository.enqueue(tx, ds, { ...o, notice: "h:lost" }) }
    : repository;
  const attempted: ClaimedDelivery[] = [];
  const state = { inFlight: 0, peak: 0 };
  const attempt = async (claimed: ClaimedDelivery): Promise<AttemptOutcome> => {
    state.peak = Math.max(state.peak, ++state.inFlight);
    const started = new Date();
    await new Promise((resolve) => setTimeout(resolve, options.attemptMs ?? 0));
    state.inFlight--;
    const outcome = { ok: true as const, status: 204, durationMs: 1 };
    await repository.recordAttempt(
      claimed,
      outcome,
      { status: "succeeded", nextAttemptAt: null },
      { started, ended: new Date() },
    );
    attempted.push(claimed);
    return outcome;
  };
  const running = startDeliveryLoop({
    pool: pool,
    deliveries,
    attempt,
    clock: systemClock,
    logger: testLogger("loop"),
    concurrency: 8,
    perEndpoint: options.perEndpoint ?? 8,
    perFailingEndpoint: 1,
    timeoutMs: 1_000,
    pollMs: 100,
  });
  loops.push(running);
  return { running, attempted, state };
}

const rowOf = async (id: string) =>
  (
    await pool.query<{ status: string; attempts: number }>(
      "SELECT status, attempts FROM deliveries WHERE id = $1",
      [id],
    )
  ).rows[0];

describe("deliveries leased at insert", () => {
  it("are attempted once their transaction commits, even when the announcement is lost", async () => {
    const { running, attempted } = await loop({ lossy: true });
    await new Promise((resolve) => setTimeout(resolve, 300));
    const delivery = fresh(await endpoint());
    await withTransaction(pool, (tx) => running.add(tx, [delivery]));
    // Within the lease (16 s), however slow the machine: after it the claim loop would have taken the row.
    await waitFor(() => (attempted.some((a) => a.id === delivery.id) ? true : undefined), {
      what: "the attempt",
      timeoutMs: 14_000,
    });
    // Attempted under the lease taken at insert: a claim after the lease ran out would count attempt 2
    // (as for a process that died with it, below).
    expect(await rowOf(delivery.id)).toEqual({ status: "succeeded", attempts: 1 });
  });

  it("are never attempted when their transaction rolls back", async () => {
    const { running, attempted } = await loop({ lossy: true });
    const delivery = fresh(await endpoint());
    await expect(
      withTransaction(pool, async (tx) => {
        await running.add(tx, [delivery]);
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(attempted).toHaveLength(0);
    expect(await rowOf(delivery.id)).toBeUndefined();
  });

  it("share the per-endpoint cap with claimed ones: those beyond it wait for a claim", async () => {
    const { running, attempted, state } = await loop({ attemptMs: 200, perEndpoint: 2 });
    await new Promise((resolve) => setTimeout(resolve, 300));
    const to = await endpoint();
    const batch = Array.from({ length: 6 }, () => fresh(to));
    await withTransaction(pool, (tx) => running.add(tx, batch));
    await waitFor(() => (attempted.length === 6 ? true : undefined), {
      what: "six attempts",
      timeoutMs: 10_000,
    });
    expect(state.peak).toBe(2);
    for (const d of batch) expect(await rowOf(d.id)).toEqual({ status: "succeeded", attempts: 1 });
  });

  it("are attempted by a live process once the lease of a process that died with them runs out", async () => {
    const { attempted } = await loop({ lossy: true });
    const delivery = fresh(await endpoint());
    // What a process leaves behind when it dies between its commit and its attempt: the row leased to it
    // (attempt 1 counted), its announcement gone with it. Leased 2 s ago for 2.5 s, so it runs out soon.
    const leasedAt = new Date(Date.now() - 2_000);
    await withTransaction(pool, (tx) =>
      makeDeliveryRepository(pool).enqueue(tx, [delivery], {
        lease: { ids: new Set([delivery.id]), at: leasedAt, leaseMs: 2_500 },
        notice: "h:dead-process",
      }),
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(attempted.some((a) => a.id === delivery.id)).toBe(false);
    await waitFor(() => (attempted.some((a) => a.id === delivery.id) ? true : undefined), {
      what: "the attempt after the dead process's lease",
      timeoutMs: 10_000,
    });
    // The first attempt, which the dead process never made, still counts: the live one is attempt 2.
    expect(await rowOf(delivery.id)).toEqual({ status: "succeeded", attempts: 2 });
    expect(attempted.filter((a) => a.id === delivery.id)).toHaveLength(1);
  });
});

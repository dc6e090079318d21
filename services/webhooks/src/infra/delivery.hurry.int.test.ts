import { createPool, type Pool } from "@mp/db";
import { migrateService } from "@mp/runtime";
import { freshInfra, type TestInfra } from "@mp/testing";
import { v7 as uuidv7 } from "uuid";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeDeliveryRepository } from "./delivery.repository";

/**
 * `hurryRetries` over real PostgreSQL: once an endpoint answers again, its waiting retries are made due
 * once (by whichever replica saw the answer first), and rows another statement holds are left to it
 * instead of waited for: waiting on them while holding the others is how two replicas deadlocked.
 */
let infra: TestInfra;
let pool: Pool;
const HOUR_MS = 3_600_000;

beforeAll(async () => {
  infra = await freshInfra("webhooks_hurry");
  pool = createPool({ url: infra.databaseUrl, schema: "webhooks", max: 6 });
  await migrateService(pool, "webhooks", new URL("../../migrations", import.meta.url));
});

afterAll(async () => {
  await pool?.end();
  await infra?.cleanup();
});

/** A retrying endpoint with `n` deliveries waiting an hour for their next attempt. */
async function retryingEndpoint(n: number): Promise<{ endpointId: string; deliveryIds: string[] }> {
  const endpointId = uuidv7();
  const organisationId = uuidv7();
  await pool.query(
    `INSERT INTO endpoints (id, organisation_id, url, events, secret_sealed, retrying, created_at, updated_at)
     VALUES ($1, $2, 'http://127.0.0.1:9/unused', '{statement.paid}', 'sealed', true, now(), now())`,
    [endpointId, organisationId],
  );
  const deliveryIds = Array.from({ length: n }, () => uuidv7());
  await pool.query(
    `INSERT INTO deliveries (id, endpoint_id, organisation_id, event_id, event_type, body, attempts,
                             next_attempt_at, created_at)
     SELECT id, $2, $3, gen_random_uuid(), 'statement.paid', '{}', 1, now() + interval '1 hour', now()
       FROM unnest($1::uuid[]) AS id`,
    [deliveryIds, endpointId, organisationId],
  );
  return { endpointId, deliveryIds };
}

async function due(endpointId: string, now: Date): Promise<number> {
  const { rows } = await pool.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM deliveries WHERE endpoint_id = $1 AND next_attempt_at <= $2",
    [endpointId, now],
  );
  return rows[0]?.n ?? 0;
}

describe("hurryRetries", () => {
  it("makes the waiting retries due once, however many replicas ask at the same time", async () => {
    const { endpointId } = await retryingEndpoint(40);
    const deliveries = makeDeliveryRepository(pool);
    const now = new Date();
    const hurried = await Promise.all([1, 2, 3].map(() => deliveries.hurryRetries(endpointId, now)));
    expect(hurried.sort((a, b) => a - b)).toEqual([0, 0, 40]);
    expect(await due(endpointId, now)).toBe(40);
    const { rows } = await pool.query("SELECT retrying FROM endpoints WHERE id = $1", [endpointId]);
    expect(rows[0]?.retrying).toBe(false);
  });

  it("leaves a row another transaction holds to it rather than waiting for it", async () => {
    const { endpointId, deliveryIds } = await retryingEndpoint(10);
    const held = deliveryIds[3] as string;
    const holder = await pool.connect();
    try {
      await holder.query("BEGIN");
      await holder.query("SELECT id FROM deliveries WHERE id = $1 FOR UPDATE", [held]);
      const now = new Date();
      // The old statement waited on the held row until its transaction ended; this one must not.
      const hurried = await Promise.race([
        makeDeliveryRepository(pool).hurryRetries(endpointId, now),
        new Promise<string>((resolve) => setTimeout(() => resolve("still waiting"), 3_000)),
      ]);
      expect(hurried).toBe(9);
      const { rows } = await pool.query<{ next_attempt_at: Date }>(
        "SELECT next_attempt_at FROM deliveries WHERE id = $1",
        [held],
      );
      expect(rows[0]?.next_attempt_at.getTime()).toBeGreaterThan(now.getTime() + HOUR_MS / 2);
    } finally {
      await holder.query("ROLLBACK");
      holder.release();
    }
  });
});

import type { Principal } from "@mp/contracts";
import { createPool, type Pool, type PoolClient } from "@mp/db";
import type { CallContext } from "@mp/grpc";
import { testLogger } from "@mp/logger";
import { migrateService, uuidV7Ids } from "@mp/runtime";
import { useReplicaPools } from "@mp/testing/replica-pools";
import { v7 as uuidv7 } from "uuid";
import { describe, expect, it } from "vitest";
import { makeCloseStatementPeriod } from "./application/close-statement-period";
import { makeMarkStatementPaid } from "./application/mark-statement-paid";
import { sharePlacementLockSql } from "./infra/placement-lock.sql";
import { makeStatementRepository } from "./infra/statements.repository";

/**
 * Two replicas of settlements, each with its own pool, asked to close the same period at the same moment
 * (an admin's retried request reaching both): one batch, every open statement of the period finalized
 * into it once, and both answer it.
 */
const SCHEMA = "settlements";
const OCTOBER = { periodStartUtc: "2026-10-01T00:00:00.000Z", periodEndUtc: "2026-11-01T00:00:00.000Z" };
/** The platform operator: only its admins close periods. */
const admin: Principal = { subject: "admin-1", organisationId: uuidv7(), roles: ["admin"], via: "jwt" };
const ctx = {
  principal: admin,
  requestId: "r",
  signal: new AbortController().signal,
  logger: testLogger(),
} as CallContext;

const pools = useReplicaPools({
  label: "statement_close_replicas",
  schema: SCHEMA,
  createPool,
  endAfter: "file",
  prepare: async (admin) => {
    await migrateService(admin, SCHEMA, new URL("../migrations", import.meta.url));
  },
});
const replicaPool = pools.pool;

const replica = (name: string) =>
  makeCloseStatementPeriod({
    pool: replicaPool(name),
    statements: makeStatementRepository(),
    ids: uuidV7Ids,
    operatorOrganisationId: admin.organisationId,
  });

/** Open October statements (test mode) of `n` organisations, developer and provider each. */
async function openStatements(pool: Pool, n: number): Promise<void> {
  for (let i = 0; i < n; i++) {
    for (const role of ["developer", "provider"]) {
      await pool.query(
        `INSERT INTO statements (id, organisation_id, role, currency, livemode, period_start, period_end)
         VALUES ($1, $2, $3, 'EUR', false, $4, $5)`,
        [uuidv7(), uuidv7(), role, OCTOBER.periodStartUtc, OCTOBER.periodEndUtc],
      );
    }
  }
}

describe("closing a period on two replicas at once", () => {
  it("makes one batch both answer, each open statement finalized into it once", async () => {
    const probe = replicaPool("close-probe");
    await openStatements(probe, 6);
    const [a, b] = [replica("close-a"), replica("close-b")];
    // An entry being written holds the placement lock shared: both closes queue behind it and go together.
    const entry: PoolClient = await probe.connect();
    await entry.query("BEGIN");
    await entry.query(`SELECT ${sharePlacementLockSql("false")}`);
    const closes = Promise.all([
      a({ ...OCTOBER, livemode: false }, ctx),
      b({ ...OCTOBER, livemode: false }, ctx),
    ]);
    await new Promise((resolve) => setTimeout(resolve, 200));
    await entry.query("COMMIT");
    entry.release();
    const [first, second] = await closes;
    expect(second).toEqual(first);
    expect(first.statementCount).toBe(12);
    const { rows: batches } = await probe.query<{ id: string; statement_count: number }>(
      "SELECT id, statement_count FROM statement_batches",
    );
    expect(batches).toEqual([{ id: first.batchId, statement_count: 12 }]);
    const { rows } = await probe.query<{ status: string; batch_id: string; n: number }>(
      "SELECT status, batch_id, count(*)::int AS n FROM statements GROUP BY 1, 2",
    );
    expect(rows).toEqual([{ status: "finalized", batch_id: first.batchId, n: 12 }]);
    // Each finalized statement is announced once, in the closing transaction (webhooks' statement.closed).
    const { rows: announced } = await probe.query<{
      statement_id: string;
      batch_id: string;
      version: number;
    }>(
      `SELECT payload->'data'->>'statementId' AS statement_id, payload->'data'->>'batchId' AS batch_id,
              (payload->'data'->>'version')::int AS version
         FROM outbox WHERE event_type = 'settlements.statement.closed.v1'`,
    );
    const { rows: ids } = await probe.query<{ id: string }>("SELECT id FROM statements");
    expect(announced.map((r) => r.statement_id).sort()).toEqual(ids.map((r) => r.id).sort());
    expect(new Set(announced.map((r) => `${r.batch_id}/${r.version}`))).toEqual(
      new Set([`${first.batchId}/1`]),
    );
  });

  it("announces a statement paid once, in the transaction that pays it", async () => {
    const pool = replicaPool("pay");
    const { rows } = await pool.query<{ id: string }>("SELECT id FROM statements LIMIT 1");
    const id = rows[0]?.id as string;
    const pay = makeMarkStatementPaid({
      pool,
      statements: makeStatementRepository(),
      ids: uuidV7Ids,
      operatorOrganisationId: admin.organisationId,
    });
    await pay({ statementId: id }, ctx);
    await pay({ statementId: id }, ctx);
    const { rows: paid } = await pool.query<{ status: string; version: number }>(
      `SELECT payload->'data'->>'status' AS status, (payload->'data'->>'version')::int AS version
         FROM outbox WHERE event_type = 'settlements.statement.paid.v1' AND payload->'data'->>'statementId' = $1`,
      [id],
    );
    expect(paid).toEqual([{ status: "paid", version: 2 }]);
  });
});

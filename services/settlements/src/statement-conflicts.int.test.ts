import type { Principal, StatementsProto } from "@mp/contracts";
import { createUnaryClient, loadProto } from "@mp/grpc";
import { testLogger } from "@mp/logger";
import { type RunningService, startService } from "@mp/runtime";
import { ephemeralMesh, freshInfra, type TestInfra, type TestMesh } from "@mp/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertStatement } from "./infra/earnings.fixture";
import { sharePlacementLockSql } from "./infra/placement-lock.sql";
import { settlementsService } from "./module";
import { settlementsEnv } from "./testing/settlements-env";

const proto = loadProto<StatementsProto>("marketplace/settlements/v1/statements.proto").marketplace
  .settlements.v1;
const OPERATOR_ORG = "0193a1b2-0000-7000-8000-0000000000e0";
const PROVIDER_ORG = "0193a1b2-0000-7000-8000-0000000000b1";
const operator: Principal = {
  subject: "operator",
  organisationId: OPERATOR_ORG,
  roles: ["admin"],
  via: "jwt",
};

let infra: TestInfra;
let mesh: TestMesh;
let svc: RunningService;
let client: ReturnType<typeof createUnaryClient<InstanceType<typeof proto.StatementsService>>>;

beforeAll(async () => {
  infra = await freshInfra("settlements_conflicts");
  mesh = await ephemeralMesh();
  svc = await startService(
    settlementsService,
    settlementsEnv(infra, mesh, "whsec_int_conflicts_0000000000000", {
      PLATFORM_ORGANISATION_ID: OPERATOR_ORG,
    }),
    { logger: testLogger("settlements") },
  );
  client = createUnaryClient(proto.StatementsService, `127.0.0.1:${svc.grpcPort}`, {
    upstream: "settlements",
    identity: mesh.gateway,
    deadlineMs: 30_000,
  });
}, 60_000);

afterAll(async () => {
  client?.close();
  await svc?.stop();
  await infra?.cleanup();
});

describe("statements and concurrent transactions (real PostgreSQL)", () => {
  it("closes a period that PostgreSQL ended to break a deadlock (40P01) by running it again", async () => {
    const statementId = await insertStatement(svc.pool, {
      organisationId: PROVIDER_ORG,
      role: "provider",
      periodStart: new Date("2025-03-01T00:00:00Z"),
    });
    // A writer that holds the statement's row and then asks for the placement lock, the opposite order
    // of a close (placement lock, then the statements' rows). Its own deadlock check waits 30 s, so the
    // close (checked after the server's 1 s) is the transaction PostgreSQL ends.
    const writer = await svc.pool.connect();
    try {
      await writer.query("BEGIN");
      await writer.query("SET LOCAL deadlock_timeout = '30s'");
      await writer.query("SELECT 1 FROM statements WHERE id = $1 FOR UPDATE", [statementId]);
      const close = client.call(
        "closeStatementPeriod",
        { periodStartUtc: "2025-03-01T00:00:00Z", periodEndUtc: "2025-04-01T00:00:00Z", livemode: false },
        { principal: operator, requestId: "int" },
      );
      close.catch(() => undefined);
      // The close holds the placement lock and waits for the statement's row.
      await expect
        .poll(
          async () =>
            (
              await svc.pool.query(
                `SELECT 1 FROM pg_stat_activity
                  WHERE datname = current_database() AND wait_event_type = 'Lock' AND query LIKE 'UPDATE statements%'`,
              )
            ).rowCount,
          { timeout: 10_000, interval: 50 },
        )
        .toBe(1);
      await writer.query(`SELECT ${sharePlacementLockSql("false")}`);
      await writer.query("COMMIT");
      const closed = await close;
      expect(closed.statementCount).toBe(1);
    } finally {
      await writer.query("ROLLBACK").catch(() => undefined);
      writer.release();
    }
    const { rows } = await svc.pool.query("SELECT status FROM statements WHERE id = $1", [statementId]);
    expect(rows[0]?.status).toBe("finalized");
    const stats = await svc.pool.query<{ deadlocks: string }>(
      "SELECT deadlocks::text FROM pg_stat_database WHERE datname = current_database()",
    );
    expect(Number(stats.rows[0]?.deadlocks)).toBeGreaterThan(0);
  }, 60_000);
});

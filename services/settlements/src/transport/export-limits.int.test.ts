import type { EarningsProto, Principal, SettlementsProto } from "@mp/contracts";
import { withTransaction } from "@mp/db";
import { createUnaryClient, loadProto } from "@mp/grpc";
import { testLogger } from "@mp/logger";
import { type RunningService, startService } from "@mp/runtime";
import { ephemeralMesh, freshInfra, type TestInfra, type TestMesh } from "@mp/testing";
import { paymentIntentSucceeded, signedStripeEvent, stripeId } from "@mp/testing/stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EXPORT_BUSY_RETRY_SECONDS } from "../application/export-statement";
import { insertStatement } from "../infra/earnings.fixture";
import { settlementsService } from "../module";
import { settlementsEnv } from "../testing/settlements-env";

const earningsProto = loadProto<EarningsProto>("marketplace/settlements/v1/earnings.proto").marketplace
  .settlements.v1;
const intakeProto = loadProto<SettlementsProto>("marketplace/settlements/v1/settlements.proto").marketplace
  .settlements.v1;
const id = (n: number) => `0193a1b2-0000-7000-8000-${n.toString(16).padStart(12, "0")}`;
const ORG_A = id(0xa1);
const ORG_B = id(0xb1);
const SECRET = "whsec_int_exports_000000000000000";
/** Main pool: fewer connections than the exports held below, so exports on it would starve intake. */
const POOL_MAX = 3;
const EXPORT_POOL_MAX = 4;
const PER_ORGANISATION = 2;

const provider = (organisationId: string): Principal => ({
  subject: `user-${organisationId.slice(-2)}`,
  organisationId,
  roles: ["provider"],
  via: "jwt",
});
const as = (p: Principal) => ({ principal: p, requestId: "int" });

let infra: TestInfra;
let mesh: TestMesh;
let settlements: RunningService;
/** A second replica on the same database: the cap is the organisation's, across replicas. */
let replica: RunningService;
let earnings: ReturnType<typeof createUnaryClient<InstanceType<typeof earningsProto.EarningsService>>>;
let replicaEarnings: typeof earnings;
let intake: ReturnType<typeof createUnaryClient<InstanceType<typeof intakeProto.SettlementsService>>>;
const statements: Record<string, string> = {};

/** A statement of `organisationId` with enough lines (about 9 MB of CSV) that an unread export stays open. */
async function largeStatement(organisationId: string): Promise<string> {
  const statementId = await insertStatement(settlements.pool, {
    organisationId,
    role: "provider",
    periodStart: new Date("2026-10-01T00:00:00Z"),
  });
  await withTransaction(settlements.pool, async (tx) => {
    await tx.query("SET LOCAL statement_timeout = '2min'");
    await tx.query(
      `WITH s AS (SELECT * FROM statements WHERE id = $1),
       t AS (
         INSERT INTO ledger_transactions (id, source_event_id, kind, purchase_id, marketplace_instance_id,
           marketplace_item_id, display_name, device_id, provider_organisation_id, developer_organisation_id,
           currency, livemode, gross, platform_fee, developer_share, provider_share, occurred_at)
         SELECT gen_random_uuid(), gen_random_uuid(), 'sale', gen_random_uuid(), $2::uuid, $3::uuid,
                'Bulk item ' || g, '00112233aabbccdd', s.organisation_id, $4::uuid, 'EUR', s.livemode,
                1000 + g, 100, 500, 400 + g, s.period_start + g * interval '1 second'
           FROM generate_series(1, 60000) g, s
         RETURNING id, provider_organisation_id, provider_share, occurred_at)
       INSERT INTO ledger_entries (id, transaction_id, party, organisation_id, amount, statement_id, line_kind, occurred_at)
       SELECT gen_random_uuid(), t.id, 'provider', t.provider_organisation_id, t.provider_share, $1, 'sale', t.occurred_at
         FROM t`,
      [statementId, id(0x11), id(0x1a), id(0xd1)],
    );
  });
  return statementId;
}

/** An export read up to its first chunk and then left unread: it holds its transaction (and slot). */
async function heldExport(organisationId: string, client = earnings) {
  const stream = client.stream(
    "exportStatement",
    { statementId: statements[organisationId] ?? "", format: "csv" },
    as(provider(organisationId)),
    { deadlineMs: 60_000 },
  );
  const first = await stream.next();
  expect(first.done).toBe(false);
  return stream;
}

async function firstChunk(organisationId: string, client = earnings) {
  const stream = await heldExport(organisationId, client);
  await stream.return(undefined);
}

/** Backends of the exports' pool with a transaction open (reading or waiting for the reader). */
async function exportTransactions(): Promise<number> {
  const { rows } = await settlements.pool.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM pg_stat_activity
      WHERE datname = current_database() AND application_name = 'settlements-export' AND xact_start IS NOT NULL`,
  );
  return rows[0]?.n ?? 0;
}

beforeAll(async () => {
  infra = await freshInfra("exports");
  mesh = await ephemeralMesh();
  const env = settlementsEnv(infra, mesh, SECRET, {
    DB_POOL_MAX: String(POOL_MAX),
    DB_CONNECT_TIMEOUT_MS: "2000",
    DB_EXPORT_POOL_MAX: String(EXPORT_POOL_MAX),
    EXPORTS_PER_ORGANISATION: String(PER_ORGANISATION),
  });
  settlements = await startService(settlementsService, env, { logger: testLogger("settlements") });
  replica = await startService(settlementsService, env, { logger: testLogger("settlements-replica") });
  const address = `127.0.0.1:${settlements.grpcPort}`;
  earnings = createUnaryClient(earningsProto.EarningsService, address, {
    upstream: "settlements",
    identity: mesh.gateway,
    deadlineMs: 30_000,
  });
  replicaEarnings = createUnaryClient(earningsProto.EarningsService, `127.0.0.1:${replica.grpcPort}`, {
    upstream: "settlements",
    identity: mesh.gateway,
    deadlineMs: 30_000,
  });
  intake = createUnaryClient(intakeProto.SettlementsService, address, {
    upstream: "settlements",
    identity: mesh.gateway,
    deadlineMs: 10_000,
  });
  statements[ORG_A] = await largeStatement(ORG_A);
  statements[ORG_B] = await largeStatement(ORG_B);
}, 180_000);

afterAll(async () => {
  earnings?.close();
  intake?.close();
  replicaEarnings?.close();
  await replica?.stop();
  await settlements?.stop();
  await infra?.cleanup();
});

describe("statement exports under load (real PostgreSQL)", () => {
  it("caps one organisation's concurrent exports across replicas (429 with Retry-After); another's still run; a finished one frees its slot", async () => {
    const held = [await heldExport(ORG_A), await heldExport(ORG_A)];
    try {
      expect(await exportTransactions()).toBe(PER_ORGANISATION);
      for (const client of [earnings, replicaEarnings])
        await expect(firstChunk(ORG_A, client)).rejects.toMatchObject({
          code: "rate-limited",
          retryAfterSeconds: EXPORT_BUSY_RETRY_SECONDS,
        });
      // the refusal held nothing: the same two transactions, and another organisation exports
      expect(await exportTransactions()).toBe(PER_ORGANISATION);
      await firstChunk(ORG_B);
      // one of A's ends: A may start another
      await held.pop()?.return(undefined);
      await expect.poll(exportTransactions, { timeout: 10_000, interval: 100 }).toBe(PER_ORGANISATION - 1);
      await firstChunk(ORG_A);
    } finally {
      for (const stream of held) await stream.return(undefined);
      await expect.poll(exportTransactions, { timeout: 10_000, interval: 100 }).toBe(0);
    }
  }, 60_000);

  it("holds exports in their own pool: with more exports open than the main pool has connections, intake stores notifications", async () => {
    const held = [
      await heldExport(ORG_A),
      await heldExport(ORG_A),
      await heldExport(ORG_B),
      await heldExport(ORG_B),
    ];
    try {
      expect(await exportTransactions()).toBe(EXPORT_POOL_MAX);
      expect(EXPORT_POOL_MAX).toBeGreaterThan(POOL_MAX);
      for (let i = 0; i < 3; i++) {
        const { body, signature } = signedStripeEvent(
          paymentIntentSucceeded({
            listingId: id(0xc1),
            deviceId: "00112233aabbccdd",
            amount: 1999,
            currency: "EUR",
            paymentIntentId: stripeId("pi"),
          }),
          SECRET,
        );
        const answer = await intake.call(
          "receivePaymentEvent",
          { payload: Buffer.from(body), signature },
          { requestId: "int" },
        );
        expect(answer.stored).toBe(true);
      }
    } finally {
      for (const stream of held) await stream.return(undefined);
      await expect.poll(exportTransactions, { timeout: 10_000, interval: 100 }).toBe(0);
    }
  }, 60_000);
});

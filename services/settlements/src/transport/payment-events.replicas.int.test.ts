import { setTimeout as sleep } from "node:timers/promises";
import { appendToOutbox } from "@mp/bus";
import { paymentUpdatedV1 } from "@mp/contracts";
import { createPool, type Pool, withTransaction } from "@mp/db";
import { testLogger } from "@mp/logger";
import { migrateService } from "@mp/runtime";
import { waitFor } from "@mp/testing";
import { useReplicaPools } from "@mp/testing/replica-pools";
import { checkoutSessionCompleted, paymentIntentSucceeded, type StripeEvent } from "@mp/testing/stripe";
import { describe, expect, it } from "vitest";
import type { UnitOfWork } from "../application/ports";
import { makeProcessPaymentEvents } from "../application/process-payment-events";
import type { ReceivedPaymentEvent } from "../domain/payment-event";
import { makePaymentEventRepository } from "../infra/payment-event.repository";
import { startPaymentEventProcessor } from "./payment-events.processor";

/**
 * Two replicas of the payment-event processor, each with its own pool and LISTEN connection, on one real
 * schema: every stored event is processed once and its update emitted once, each intent's versions 1, 2
 * with no repeat; a replica that dies mid-pass leaves its events to the others, who meanwhile go on with
 * the rest.
 */
const SCHEMA = "settlements";
const BATCH = 5;

const pools = useReplicaPools({
  label: "payment_replicas",
  schema: SCHEMA,
  createPool,
  endAfter: "test",
  prepare: async (admin) => {
    await migrateService(admin, SCHEMA, new URL("../../migrations", import.meta.url));
  },
});
const replicaPool = pools.pool;

/** One replica's processor, wired as buildSettlements wires it; `processed` counts the events it took. */
function startReplica(name: string) {
  const pool = replicaPool(name);
  const unitOfWork: UnitOfWork = {
    run: (work) => withTransaction(pool, (tx) => work(tx, (events) => appendToOutbox(tx, events))),
  };
  const pass = makeProcessPaymentEvents({
    events: makePaymentEventRepository(pool),
    unitOfWork,
    batchSize: BATCH,
  });
  const replica = { processed: 0, stop: async () => {} };
  const processor = startPaymentEventProcessor(
    async () => {
      const batch = await pass();
      replica.processed += batch.processed;
      return batch;
    },
    { pool, logger: testLogger(name), pollIntervalMs: 50, batchSize: BATCH },
  );
  replica.stop = () => processor.stop();
  return replica;
}

const received = (event: StripeEvent): ReceivedPaymentEvent => ({
  id: event.id,
  type: event.type,
  livemode: event.livemode,
  created: new Date(event.created * 1000),
  payload: Buffer.from(JSON.stringify(event)),
});

/** Two events (the session, then the intent) per payment intent. */
function paymentsOf(tag: string, n: number): StripeEvent[] {
  return Array.from({ length: n }, (_, i) => {
    const payment = {
      listingId: "0193a5d0-1000-7000-8000-000000000001",
      deviceId: "00112233445566aa",
      amount: 1999,
      currency: "eur",
      paymentIntentId: `pi_${tag}_${i}`,
    };
    return [checkoutSessionCompleted(payment), paymentIntentSucceeded(payment)];
  }).flat();
}

async function unprocessed(pool: Pool, ids: string[]): Promise<string[]> {
  const { rows } = await pool.query<{ id: string }>(
    "SELECT id FROM payment_events WHERE id = ANY($1) AND processed_at IS NULL ORDER BY id",
    [ids],
  );
  return rows.map((r) => r.id);
}

/** The updates in the outbox for these Stripe events: how many each, and each intent's versions in order. */
async function updates(pool: Pool, events: StripeEvent[]) {
  const { rows } = await pool.query<{ event_id: string; intent: string; version: number }>(
    `SELECT payload->'data'->>'stripeEventId' AS event_id, payload->'data'->>'paymentIntentId' AS intent,
            (payload->'data'->>'version')::int AS version
       FROM outbox WHERE event_type = $1 AND payload->'data'->>'stripeEventId' = ANY($2) ORDER BY seq`,
    [paymentUpdatedV1.type, events.map((e) => e.id)],
  );
  const perEvent = new Map<string, number>();
  const versions = new Map<string, number[]>();
  for (const row of rows) {
    perEvent.set(row.event_id, (perEvent.get(row.event_id) ?? 0) + 1);
    versions.set(
      row.intent,
      [...(versions.get(row.intent) ?? []), row.version].sort((a, b) => a - b),
    );
  }
  return { perEvent, versions };
}

function expectEachOnce(result: Awaited<ReturnType<typeof updates>>, events: StripeEvent[], intents: number) {
  for (const event of events) expect(result.perEvent.get(event.id), event.id).toBe(1);
  expect(result.versions.size).toBe(intents);
  for (const versions of result.versions.values()) expect(versions).toEqual([1, 2]);
}

describe("payment-event processor, two replicas", () => {
  it("processes every event once between them, each update emitted once", async () => {
    const probe = replicaPool("payments-probe");
    const replicas = [startReplica("payments-a"), startReplica("payments-b")];
    try {
      const events = paymentsOf("pair", 60);
      const intake = makePaymentEventRepository(probe);
      // Stored in small groups, as the intake stores them, while both replicas run.
      for (let i = 0; i < events.length; i += 8) await intake.insertAll(events.slice(i, i + 8).map(received));
      const ids = events.map((e) => e.id);
      await waitFor(async () => ((await unprocessed(probe, ids)).length === 0 ? true : undefined), {
        timeoutMs: 20_000,
        what: "every event processed",
      });
      expectEachOnce(await updates(probe, events), events, 60);
      expect(replicas[0]!.processed + replicas[1]!.processed).toBe(events.length);
      expect(replicas[0]!.processed).toBeGreaterThan(0);
      expect(replicas[1]!.processed).toBeGreaterThan(0);
    } finally {
      await Promise.all(replicas.map((r) => r.stop()));
    }
  });

  it("leaves the events of a replica that dies mid-pass to the others, who go on with the rest meanwhile", async () => {
    const probe = replicaPool("payments-probe-2");
    const intake = makePaymentEventRepository(probe);
    const held = paymentsOf("held", 3);
    const rest = paymentsOf("rest", 5);
    await intake.insertAll(held.map(received));
    await intake.insertAll(rest.map(received));
    // A replica claims the oldest events in its pass's transaction, and hangs there.
    const dying = replicaPool("payments-dying");
    const client = await dying.connect();
    client.on("error", () => {});
    await client.query("BEGIN");
    expect(await makePaymentEventRepository(dying).claim(client, held.length)).toHaveLength(held.length);
    const pid = (await client.query<{ pid: number }>("SELECT pg_backend_pid() AS pid")).rows[0]!.pid;

    const replicas = [startReplica("payments-c"), startReplica("payments-d")];
    try {
      // The others skip its rows rather than wait on them.
      await waitFor(
        async () =>
          (
            await unprocessed(
              probe,
              rest.map((e) => e.id),
            )
          ).length === 0
            ? true
            : undefined,
        {
          timeoutMs: 10_000,
          what: "the rest processed",
        },
      );
      expect(
        await unprocessed(
          probe,
          held.map((e) => e.id),
        ),
      ).toHaveLength(held.length);
      // It dies: PostgreSQL rolls its transaction back and the rows are free.
      await probe.query("SELECT pg_terminate_backend($1)", [pid]);
      client.release(true);
      await sleep(10);
      await waitFor(
        async () =>
          (
            await unprocessed(
              probe,
              held.map((e) => e.id),
            )
          ).length === 0
            ? true
            : undefined,
        {
          timeoutMs: 10_000,
          what: "the dead replica's events processed",
        },
      );
      expectEachOnce(await updates(probe, [...held, ...rest]), [...held, ...rest], 8);
    } finally {
      await Promise.all(replicas.map((r) => r.stop()));
    }
  });
});

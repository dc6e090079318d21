import { createPool, type Pool } from "@mp/db";
import { testLogger } from "@mp/logger";
import { migrateService } from "@mp/runtime";
import { freshInfra, type TestInfra } from "@mp/testing";
import { countStatements } from "@mp/testing/write-cost";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ReceivedPaymentEvent } from "./domain/payment-event";
import { makePaymentEventRepository } from "./infra/payment-event.repository";

// The group commit's insertAll against real PostgreSQL: a call's events in one statement, copies stored
// once, and an event PostgreSQL refuses failing alone.

const event = (id: string, body = `{"id":"${id}"}`): ReceivedPaymentEvent => ({
  id,
  type: "payment_intent.succeeded",
  livemode: false,
  created: new Date("2026-11-26T10:00:00Z"),
  payload: Buffer.from(body),
});

describe("payment event intake: insertAll (real PostgreSQL)", () => {
  let infra: TestInfra;
  let pool: Pool;
  /** Statements the pool ran (every client it hands out counts). */
  let statements: ReturnType<typeof countStatements>;
  beforeAll(async () => {
    infra = await freshInfra("intake_insert_all");
    pool = createPool({ url: infra.databaseUrl, schema: "settlements", max: 4, logger: testLogger() });
    await migrateService(pool, "settlements", new URL("../migrations", import.meta.url));
    statements = countStatements(pool);
  });
  afterAll(async () => {
    await pool?.end();
    await infra?.cleanup();
  });

  const rows = async (ids: string[]) =>
    (
      await pool.query<{ id: string; payload: Buffer }>(
        "SELECT id, payload FROM payment_events WHERE id = ANY($1) ORDER BY id",
        [ids],
      )
    ).rows;

  it("writes a call's events with one statement, each copy after the first a repeat", async () => {
    const repository = makePaymentEventRepository(pool);
    await repository.insert(event("evt_known"));
    statements.reset();
    const outcomes = await repository.insertAll([
      event("evt_a"),
      event("evt_b"),
      event("evt_known"),
      event("evt_a", '{"id":"evt_a","copy":true}'),
    ]);
    expect(statements.count()).toBe(1);
    expect(outcomes).toEqual([{ stored: true }, { stored: true }, { stored: false }, { stored: false }]);
    expect(await rows(["evt_a", "evt_b"])).toEqual([
      { id: "evt_a", payload: Buffer.from('{"id":"evt_a"}') },
      { id: "evt_b", payload: Buffer.from('{"id":"evt_b"}') },
    ]);
  });

  it("fails only the event PostgreSQL refuses; the others of the call are stored", async () => {
    const repository = makePaymentEventRepository(pool);
    // A NUL character is not valid in a PostgreSQL text value: the statement fails, then row by row.
    const outcomes = await repository.insertAll([event("evt_c"), event("evt_\u0000bad"), event("evt_d")]);
    expect(outcomes[0]).toEqual({ stored: true });
    expect(outcomes[1]).toHaveProperty("error");
    expect(outcomes[2]).toEqual({ stored: true });
    expect((await rows(["evt_c", "evt_d"])).map((r) => r.id)).toEqual(["evt_c", "evt_d"]);
    await expect(repository.insert(event("evt_\u0000alone"))).rejects.toThrow();
  });

  it("answers every call of concurrent ones, each copy of an id stored once", async () => {
    const repository = makePaymentEventRepository(pool);
    const ids = Array.from({ length: 40 }, (_, i) => `evt_many_${i % 20}`);
    const calls = await Promise.all(
      Array.from({ length: 8 }, (_, c) =>
        repository.insertAll(ids.slice(c * 5, c * 5 + 5).map((id) => event(id))),
      ),
    );
    const stored = calls.flat().filter((o) => "stored" in o && o.stored).length;
    expect(stored).toBe(20);
    expect(await rows(ids)).toHaveLength(20);
  });
});

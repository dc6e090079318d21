import { waitFor } from "@mp/testing";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Bus } from "./connection";
import { type Consumer, type HandlerTransaction, startConsumer } from "./consumer";
import { type EventEnvelope, newEvent } from "./envelope";
import { ensureStream } from "./streams";
import { applyEffect, type BusFixture, busFixture, effectCount, publishRaw } from "./test-fixture";

let fx: BusFixture;
let bus: Bus;
const consumers: Consumer[] = [];

beforeAll(async () => {
  fx = await busFixture("bus_consumer_batch");
  bus = await fx.connect();
  await ensureStream(bus, { name: "BATCH", subjects: ["batch.>"] });
});
afterEach(async () => {
  await Promise.all(consumers.splice(0).map((c) => c.stop()));
});
afterAll(async () => {
  await fx?.cleanup();
});

/** A consumer applying up to `batchSize` queued events per transaction; records each event's transaction id. */
function consume(
  durable: string,
  type: string,
  batchSize: number,
  handle: (event: EventEnvelope<unknown>) => void = () => {},
  extra: {
    maxDeliver?: number;
    backoffMs?: number[];
    onFailure?: (event: EventEnvelope<unknown>, error: unknown) => Promise<void>;
  } = {},
) {
  const transactions = new Map<string, string>();
  const consumer = startConsumer({
    bus,
    pool: fx.pool,
    logger: fx.logger,
    stream: "BATCH",
    durable,
    eventTypes: [type],
    batchSize,
    ...extra,
    handle: async (event, client) => {
      handle(event);
      await applyEffect(client, event.id);
      const { rows } = await client.query<{ tx: string }>("SELECT txid_current()::text AS tx");
      transactions.set(event.id, rows[0]?.tx ?? "");
    },
  });
  consumers.push(consumer);
  return { consumer, transactions };
}

async function publishAll(type: string, n: number): Promise<EventEnvelope[]> {
  const events = Array.from({ length: n }, (_, i) => newEvent(type, "batch", { i }));
  for (const event of events) await publishRaw(bus, type, JSON.stringify(event), event.id);
  return events;
}

describe("consumer batches", () => {
  it("applies a backlog several events per transaction, each exactly once", async () => {
    const type = "batch.item.added.v1";
    const events = await publishAll(type, 40);
    const { consumer, transactions } = consume("backlog", type, 16);
    await waitFor(() => (consumer.stats().handled === 40 ? true : undefined));
    expect(consumer.stats()).toEqual({ handled: 40, duplicates: 0, retried: 0, deadLettered: 0 });
    for (const event of events) expect(await effectCount(fx.pool, event.id)).toBe(1);
    const perTransaction = new Map<string, number>();
    for (const tx of transactions.values()) perTransaction.set(tx, (perTransaction.get(tx) ?? 0) + 1);
    // A backlog queues up: fewer transactions than events, none larger than the batch size.
    expect(perTransaction.size).toBeLessThan(40);
    expect(Math.max(...perTransaction.values())).toBeLessThanOrEqual(16);
  });

  it("without batchSize applies every event in its own transaction", async () => {
    const type = "batch.item.single.v1";
    await publishAll(type, 12);
    const { consumer, transactions } = consume("single", type, 1);
    await waitFor(() => (consumer.stats().handled === 12 ? true : undefined));
    expect(new Set(transactions.values()).size).toBe(12);
  });

  it("counts an event delivered twice in one batch once (inbox)", async () => {
    const type = "batch.item.twice.v1";
    const event = newEvent(type, "batch", { i: 0 });
    await publishRaw(bus, type, JSON.stringify(event), `${event.id}-a`);
    await publishRaw(bus, type, JSON.stringify(event), `${event.id}-b`);
    await publishAll(type, 6);
    const { consumer } = consume("twice", type, 16);
    await waitFor(() => (consumer.stats().handled + consumer.stats().duplicates === 8 ? true : undefined));
    expect(consumer.stats()).toEqual({ handled: 7, duplicates: 1, retried: 0, deadLettered: 0 });
    expect(await effectCount(fx.pool, event.id)).toBe(1);
  });

  it("a failing event rolls its batch back; the others are applied once, it alone is dead-lettered and reported once per delivery", async () => {
    const type = "batch.item.poison.v1";
    const events = await publishAll(type, 20);
    const poison = events[7] as EventEnvelope;
    const reported: string[] = [];
    const { consumer } = consume(
      "poison",
      type,
      16,
      (event) => {
        if (event.id === poison.id) throw new Error("cannot apply this one");
      },
      {
        maxDeliver: 2,
        backoffMs: [50],
        onFailure: async (event, error) => {
          reported.push(`${event.id} ${(error as Error).message}`);
        },
      },
    );
    await waitFor(() =>
      consumer.stats().handled === 19 && consumer.stats().deadLettered === 1 ? true : undefined,
    );
    // Two deliveries, two reports: the run inside the failed batch is not one of them.
    expect(reported).toEqual([`${poison.id} cannot apply this one`, `${poison.id} cannot apply this one`]);
    for (const event of events)
      expect(await effectCount(fx.pool, event.id)).toBe(event.id === poison.id ? 0 : 1);
    const { rows } = await fx.pool.query<{ event_id: string }>(
      "SELECT event_id FROM dead_letters WHERE consumer = 'poison'",
    );
    expect(rows.map((r) => r.event_id)).toEqual([poison.id]);
    const { rows: inbox } = await fx.pool.query<{ n: string }>(
      "SELECT count(*) AS n FROM inbox WHERE consumer = 'poison'",
    );
    expect(Number(inbox[0]?.n)).toBe(19);
  });

  it("runs a transaction's beforeCommit tasks once, after its last handler and in it; a task that throws rolls the batch back", async () => {
    const type = "batch.item.deferred.v1";
    const events = await publishAll(type, 40);
    /** Per transaction: the events its handlers saw, written by its one task. */
    const gathered = new WeakMap<HandlerTransaction, string[]>();
    const handlerTx = new Map<string, string>();
    const tasks: Array<{ tx: string; events: string[] }> = [];
    let failOnce = true;
    const consumer = startConsumer({
      bus,
      pool: fx.pool,
      logger: fx.logger,
      stream: "BATCH",
      durable: "deferred",
      eventTypes: [type],
      batchSize: 16,
      handle: async (event, client, transaction) => {
        const { rows } = await client.query<{ tx: string }>("SELECT txid_current()::text AS tx");
        handlerTx.set(event.id, rows[0]?.tx ?? "");
        let mine = gathered.get(transaction);
        if (!mine) {
          const ids: string[] = [];
          gathered.set(transaction, ids);
          transaction.beforeCommit(async () => {
            const { rows: now } = await client.query<{ tx: string }>("SELECT txid_current()::text AS tx");
            // The first batch's task fails: its writes and the inbox rows roll back, the events go alone.
            if (failOnce && ids.length > 1) {
              failOnce = false;
              for (const id of ids) await applyEffect(client, id);
              throw new Error("the deferred write failed");
            }
            for (const id of ids) await applyEffect(client, id);
            tasks.push({ tx: now[0]?.tx ?? "", events: [...ids] });
          });
          mine = ids;
        }
        mine.push(event.id);
      },
    });
    consumers.push(consumer);
    await waitFor(() => (consumer.stats().handled === 40 ? true : undefined));
    expect(failOnce).toBe(false);
    expect(consumer.stats()).toEqual({ handled: 40, duplicates: 0, retried: 0, deadLettered: 0 });
    for (const event of events) expect(await effectCount(fx.pool, event.id)).toBe(1);
    // One task per committed transaction, run in it, with every event its handlers saw.
    expect(tasks.flatMap((t) => t.events).sort()).toEqual(events.map((e) => e.id).sort());
    for (const task of tasks) for (const id of task.events) expect(handlerTx.get(id)).toBe(task.tx);
    expect(new Set(tasks.map((t) => t.tx)).size).toBe(tasks.length);
    expect(tasks.some((t) => t.events.length > 1)).toBe(true);
  });

  it("refuses a batch size out of range", () => {
    const base = { bus, pool: fx.pool, logger: fx.logger, stream: "BATCH", durable: "x", eventTypes: ["a"] };
    const handle = async () => {};
    expect(() => startConsumer({ ...base, batchSize: 0, handle })).toThrow(/batchSize/);
    expect(() => startConsumer({ ...base, batchSize: 65, handle })).toThrow(/batchSize/);
  });
});

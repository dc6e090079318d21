import type { EventEnvelope } from "@mp/bus";
import type { PoolClient } from "@mp/db";
import { checkoutSessionCompleted, stripeEvent } from "@mp/testing/stripe";
import { describe, expect, it } from "vitest";
import type { ClaimedPaymentEvent, PaymentEventRepository } from "./ports";
import {
  type BulkPaymentEventBookkeeping,
  makeProcessPaymentEvents,
  PROCESS_BATCH,
} from "./process-payment-events";

const payment = {
  listingId: "0193a1b2-0000-7000-8000-0000000000c1",
  deviceId: "00112233aabbccdd",
  amount: 100,
  currency: "EUR",
};
const row = (event: object): ClaimedPaymentEvent => ({
  id: (event as { id: string }).id,
  payload: Buffer.from(JSON.stringify(event)),
});

function harness(
  rows: ClaimedPaymentEvent[],
  bulk: Partial<PaymentEventRepository & BulkPaymentEventBookkeeping> = {},
  batchSize?: number,
) {
  const calls = {
    limits: [] as number[],
    single: [] as string[],
    marked: [] as Array<[string, string, string | null]>,
    emitted: [] as EventEnvelope[],
    sql: [] as string[],
  };
  const tx = {
    query: async (sql: string) => {
      calls.sql.push(sql.replace(/sp_\d+/, "sp"));
      return { rows: [] };
    },
  } as unknown as PoolClient;
  const events: PaymentEventRepository & Partial<BulkPaymentEventBookkeeping> = {
    insert: async () => true,
    insertAll: async () => [],
    claim: async (_tx, limit) => {
      calls.limits.push(limit);
      return rows;
    },
    markProcessed: async (_tx, id, outcome, detail) => {
      calls.marked.push([id, outcome, detail]);
    },
    nextIntentVersion: async (_tx, intent) => {
      calls.single.push(intent);
      return 3;
    },
    ...bulk,
  };
  const pass = makeProcessPaymentEvents({
    events,
    unitOfWork: {
      run: (work) =>
        work(tx, async (e) => {
          calls.emitted.push(...[e].flat());
        }),
    },
    ...(batchSize ? { batchSize } : {}),
  });
  return { pass, calls };
}

describe("a processing pass, the details", () => {
  it("claims 250 events by default, or the batch size given", async () => {
    const byDefault = harness([]);
    expect(await byDefault.pass()).toEqual({ processed: 0, emitted: 0, unprocessable: [] });
    expect(PROCESS_BATCH).toBe(250);
    expect(byDefault.calls.limits).toEqual([250]);
    const small = harness([], {}, 7);
    await small.pass();
    expect(small.calls.limits).toEqual([7]);
  });

  it("versions a single emitted update event by event (under a savepoint) even with the set-at-a-time forms", async () => {
    const paid = checkoutSessionCompleted({ ...payment, paymentIntentId: "pi_1" });
    const other = stripeEvent("customer.created", {});
    const bulk = { calls: [] as string[][] };
    const h = harness([row(paid), row(other)], {
      nextIntentVersions: async (_tx, ids) => {
        bulk.calls.push([...ids]);
        return ids.map(() => 1);
      },
    });
    expect(await h.pass()).toEqual({ processed: 2, emitted: 1, unprocessable: [] });
    expect(bulk.calls).toEqual([]);
    expect(h.calls.single).toEqual(["pi_1"]);
    expect(h.calls.sql).toEqual(["SAVEPOINT sp", "RELEASE SAVEPOINT sp"]);
    expect(h.calls.emitted.map((e) => (e.data as { version: number }).version)).toEqual([3]);
    expect(h.calls.marked).toEqual([
      [paid.id, "emitted", null],
      [other.id, "ignored", expect.stringContaining("customer.created")],
    ]);
  });

  it("marks a pass of one event with the per-event form", async () => {
    const all: unknown[] = [];
    const paid = checkoutSessionCompleted({ ...payment, paymentIntentId: "pi_1" });
    const h = harness([row(paid)], { markAllProcessed: async (_tx, marks) => void all.push(marks) });
    await h.pass();
    expect(all).toEqual([]);
    expect(h.calls.marked).toEqual([[paid.id, "emitted", null]]);
  });

  it("fails the pass when the set-at-a-time versions are short, or fail other than on the data", async () => {
    const rows = [1, 2].map((n) => row(checkoutSessionCompleted({ ...payment, paymentIntentId: `pi_${n}` })));
    const short = harness(rows, { nextIntentVersions: async () => [1] });
    await expect(short.pass()).rejects.toThrow("No version for payment intent pi_2");
    expect(short.calls.emitted).toEqual([]);
    const lost = harness(rows, {
      nextIntentVersions: async () => {
        throw Object.assign(new Error("connection lost"), { code: "57P01" });
      },
    });
    await expect(lost.pass()).rejects.toThrow("connection lost");
    expect(lost.calls.single).toEqual([]);
    const plain = harness(rows, {
      nextIntentVersions: async () => {
        throw new Error("no code");
      },
    });
    await expect(plain.pass()).rejects.toThrow("no code");
  });

  it("an update PostgreSQL refuses is unprocessable with the reason", async () => {
    const paid = checkoutSessionCompleted({ ...payment, paymentIntentId: "pi_1" });
    const h = harness([row(paid)], {
      nextIntentVersion: async () => {
        throw Object.assign(new Error("value too long"), { code: "22001" });
      },
    });
    expect(await h.pass()).toEqual({ processed: 1, emitted: 0, unprocessable: [paid.id] });
    expect(h.calls.marked).toEqual([[paid.id, "unprocessable", "storing its update failed: value too long"]]);
    expect(h.calls.sql).toEqual(["SAVEPOINT sp", "ROLLBACK TO SAVEPOINT sp"]);
  });
});

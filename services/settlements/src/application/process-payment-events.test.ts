import type { EventEnvelope } from "@mp/bus";
import type { PoolClient } from "@mp/db";
import { checkoutSessionCompleted, paymentIntentSucceeded, stripeEvent } from "@mp/testing/stripe";
import { describe, expect, it } from "vitest";
import type { ClaimedPaymentEvent, PaymentEventRepository, UnitOfWork } from "./ports";
import { type BulkPaymentEventBookkeeping, makeProcessPaymentEvents } from "./process-payment-events";

const payment = {
  listingId: "0193a1b2-0000-7000-8000-0000000000c1",
  deviceId: "00112233aabbccdd",
  amount: 100,
  currency: "EUR",
};

/** Claimed rows and a transaction that only records: enough to see what one pass decides. */
function harness(rows: ClaimedPaymentEvent[], nextVersion: (intent: string) => Promise<number>) {
  const marked: [string, string][] = [];
  const emitted: EventEnvelope[] = [];
  /** Appends to the outbox, each one statement. */
  const appends: number[] = [];
  const tx = { query: async () => ({ rows: [] }) } as unknown as PoolClient;
  const events: PaymentEventRepository = {
    insert: async () => true,
    insertAll: async (events) => events.map(() => ({ stored: true })),
    claim: async () => rows,
    markProcessed: async (_tx, id, outcome) => {
      marked.push([id, outcome]);
    },
    nextIntentVersion: (_tx, intent) => nextVersion(intent),
  };
  const unitOfWork: UnitOfWork = {
    run: (work) =>
      work(tx, async (events) => {
        const list = [events].flat();
        appends.push(list.length);
        emitted.push(...list);
      }),
  };
  return {
    pass: makeProcessPaymentEvents({ events, unitOfWork }),
    deps: { events, unitOfWork },
    marked,
    emitted,
    appends,
  };
}

type Deps = Parameters<typeof makeProcessPaymentEvents>[0];

/** The pass over the harness's repository, with the optional set-at-a-time forms added. */
function bulkHarness(deps: Pick<Deps, "events" | "unitOfWork">, bulk: Partial<BulkPaymentEventBookkeeping>) {
  return makeProcessPaymentEvents({ ...deps, events: { ...deps.events, ...bulk } });
}

const row = (event: object): ClaimedPaymentEvent => ({
  id: (event as { id: string }).id,
  payload: Buffer.from(JSON.stringify(event)),
});

describe("a processing pass", () => {
  it("emits versioned updates, ignores what purchases do not need, in the order claimed", async () => {
    const paid = checkoutSessionCompleted({ ...payment, paymentIntentId: "pi_1" });
    const other = stripeEvent("customer.created", {});
    const { pass, marked, emitted } = harness([row(paid), row(other)], async () => 7);
    expect(await pass()).toEqual({ processed: 2, emitted: 1, unprocessable: [] });
    expect(marked).toEqual([
      [paid.id, "emitted"],
      [other.id, "ignored"],
    ]);
    expect(emitted[0]).toMatchObject({
      type: "settlements.payment.updated.v1",
      source: "settlements",
      occurredAt: new Date(paid.created * 1000).toISOString(),
      data: { stripeEventId: paid.id, paymentIntentId: "pi_1", version: 7 },
    });
  });

  it("marks an event PostgreSQL refuses as data unprocessable, and goes on with the next", async () => {
    const refused = checkoutSessionCompleted({ ...payment, paymentIntentId: "pi_bad" });
    const fine = checkoutSessionCompleted({ ...payment, paymentIntentId: "pi_ok" });
    const { pass, marked } = harness([row(refused), row(fine)], async (intent) => {
      if (intent === "pi_bad") throw Object.assign(new Error("invalid byte sequence"), { code: "22021" });
      return 1;
    });
    expect(await pass()).toEqual({ processed: 2, emitted: 1, unprocessable: [refused.id] });
    expect(marked).toEqual([
      [refused.id, "unprocessable"],
      [fine.id, "emitted"],
    ]);
  });

  it("lets any other failure (a deadlock, a lost connection) fail the pass, to be retried whole", async () => {
    const paid = checkoutSessionCompleted({ ...payment, paymentIntentId: "pi_1" });
    const { pass, marked } = harness([row(paid)], async () => {
      throw Object.assign(new Error("deadlock detected"), { code: "40P01" });
    });
    await expect(pass()).rejects.toThrow("deadlock");
    expect(marked).toEqual([]);
  });

  it("marks stored bytes that are not JSON unprocessable", async () => {
    const { pass, marked } = harness([{ id: "evt_x", payload: Buffer.from("{") }], async () => 1);
    expect(await pass()).toMatchObject({ unprocessable: ["evt_x"] });
    expect(marked).toEqual([["evt_x", "unprocessable"]]);
  });

  it("with the set-at-a-time bookkeeping: one versions call, one outbox append and one mark for the pass, versions in order", async () => {
    const first = paymentIntentSucceeded({ ...payment, paymentIntentId: "pi_1" });
    const second = checkoutSessionCompleted({ ...payment, paymentIntentId: "pi_1" });
    const other = checkoutSessionCompleted({ ...payment, paymentIntentId: "pi_2" });
    const ignored = stripeEvent("customer.created", {});
    const { deps, emitted, appends } = harness(
      [row(first), row(ignored), row(second), row(other)],
      async () => {
        throw new Error("the per-event form is not used");
      },
    );
    const calls: string[][] = [];
    const marks: unknown[] = [];
    const bulk = bulkHarness(deps, {
      nextIntentVersions: async (_tx, ids) => {
        calls.push([...ids]);
        return [4, 5, 1];
      },
      markAllProcessed: async (_tx, outcomes) => {
        marks.push(...outcomes);
      },
    });
    expect(await bulk()).toEqual({ processed: 4, emitted: 3, unprocessable: [] });
    expect(calls).toEqual([["pi_1", "pi_1", "pi_2"]]);
    expect(appends).toEqual([3]);
    expect(
      emitted.map((e) => [
        (e.data as { stripeEventId: string }).stripeEventId,
        (e.data as { version: number }).version,
      ]),
    ).toEqual([
      [first.id, 4],
      [second.id, 5],
      [other.id, 1],
    ]);
    expect(marks).toEqual([
      { id: first.id, outcome: "emitted", detail: null },
      { id: ignored.id, outcome: "ignored", detail: expect.any(String) },
      { id: second.id, outcome: "emitted", detail: null },
      { id: other.id, outcome: "emitted", detail: null },
    ]);
  });

  it("falls back to event by event when the set-at-a-time statement fails on the data", async () => {
    const refused = checkoutSessionCompleted({ ...payment, paymentIntentId: "pi_bad" });
    const fine = checkoutSessionCompleted({ ...payment, paymentIntentId: "pi_ok" });
    const { deps, marked, emitted } = harness([row(refused), row(fine)], async (intent) => {
      if (intent === "pi_bad") throw Object.assign(new Error("invalid byte sequence"), { code: "22021" });
      return 1;
    });
    const bulk = bulkHarness(deps, {
      nextIntentVersions: async () => {
        throw Object.assign(new Error("invalid byte sequence"), { code: "22021" });
      },
    });
    expect(await bulk()).toEqual({ processed: 2, emitted: 1, unprocessable: [refused.id] });
    expect(marked).toEqual([
      [refused.id, "unprocessable"],
      [fine.id, "emitted"],
    ]);
    expect(emitted).toHaveLength(1);
  });
});

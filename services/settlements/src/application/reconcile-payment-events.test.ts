import { describe, expect, it } from "vitest";
import type { ReceivedPaymentEvent } from "../domain/payment-event";
import type { InsertOutcome } from "./ports";
import {
  makeReconcilePaymentEvents,
  RECONCILE_FIRST_LOOKBACK_SECONDS,
  RECONCILE_OVERLAP_SECONDS,
  type ReconcileCheckpoints,
} from "./reconcile-payment-events";

const NOW = new Date("2026-11-28T20:00:00.000Z");
const event = (n: number) => ({
  id: `evt_${n}`,
  type: "charge.refunded",
  livemode: false,
  created: 1_764_000_000 + n,
});

function harness(
  options: {
    checkpoint?: Date | null;
    listed?: unknown[];
    known?: string[];
    leased?: boolean;
    failOn?: string;
  } = {},
) {
  const calls = {
    listed: [] as unknown[],
    batches: [] as string[][],
    saved: [] as Date[],
    counted: [] as number[],
  };
  const checkpoints: ReconcileCheckpoints = {
    withLease: async (work) => {
      if (options.leased === false) return undefined;
      const result = await work(options.checkpoint ?? null);
      calls.saved.push(result.checkpoint);
      return result;
    },
  };
  const reconcile = makeReconcilePaymentEvents({
    source: {
      async *list(input) {
        calls.listed.push(input);
        for (const e of options.listed ?? []) yield e;
      },
    },
    checkpoints,
    events: {
      insertAll: async (batch: readonly ReceivedPaymentEvent[]): Promise<InsertOutcome[]> => {
        calls.batches.push(batch.map((e) => e.id));
        return batch.map((e) =>
          e.id === options.failOn
            ? { error: new Error("disk full") }
            : { stored: !(options.known ?? []).includes(e.id) },
        );
      },
    },
    counter: { add: (n) => calls.counted.push(n) },
    types: ["charge.refunded"],
    clock: { now: () => NOW },
  });
  return { reconcile, calls };
}

describe("reconciling with Stripe's events list", () => {
  it("the first pass looks back three days; events stored as notifications are, and only new ones count", async () => {
    const h = harness({ listed: [event(1), event(2), event(3)], known: ["evt_2"] });
    const from = new Date(NOW.getTime() - 3 * 24 * 3600 * 1000);
    expect(await h.reconcile()).toEqual({ ran: true, listed: 3, recovered: 2, from });
    expect(RECONCILE_FIRST_LOOKBACK_SECONDS).toBe(259_200);
    expect(h.calls.listed).toEqual([
      { types: ["charge.refunded"], createdGte: Math.floor(from.getTime() / 1000) },
    ]);
    expect(h.calls.batches).toEqual([["evt_1", "evt_2", "evt_3"]]);
    expect(h.calls.saved).toEqual([NOW]);
    expect(h.calls.counted).toEqual([2]);
  });

  it("later passes start ten minutes before the checkpoint", async () => {
    const checkpoint = new Date("2026-11-28T19:00:00.500Z");
    const h = harness({ checkpoint });
    const result = await h.reconcile();
    expect(RECONCILE_OVERLAP_SECONDS).toBe(600);
    expect(result).toEqual({
      ran: true,
      listed: 0,
      recovered: 0,
      from: new Date("2026-11-28T18:50:00.500Z"),
    });
    expect(h.calls.listed).toEqual([
      { types: ["charge.refunded"], createdGte: Math.floor(Date.parse("2026-11-28T18:50:00.500Z") / 1000) },
    ]);
    expect(h.calls.batches).toEqual([]);
  });

  it("stores in batches of 100, the rest at the end", async () => {
    const h = harness({ listed: Array.from({ length: 250 }, (_, i) => event(i)) });
    expect(await h.reconcile()).toMatchObject({ listed: 250, recovered: 250 });
    expect(h.calls.batches.map((b) => b.length)).toEqual([100, 100, 50]);
    expect(h.calls.batches[1]?.[0]).toBe("evt_100");
  });

  it("does nothing while another replica holds the lease", async () => {
    const h = harness({ leased: false, listed: [event(1)] });
    expect(await h.reconcile()).toEqual({ ran: false, listed: 0, recovered: 0 });
    expect(h.calls.listed).toEqual([]);
    expect(h.calls.counted).toEqual([]);
  });

  it("fails the pass (keeping the checkpoint) when an event cannot be stored or read", async () => {
    const failing = harness({ listed: [event(1), event(2)], failOn: "evt_2" });
    await expect(failing.reconcile()).rejects.toThrow("disk full");
    expect(failing.calls.saved).toEqual([]);
    const unreadable = harness({ listed: [{ type: "charge.refunded" }] });
    await expect(unreadable.reconcile()).rejects.toMatchObject({ code: "validation-failed" });
    expect(unreadable.calls.saved).toEqual([]);
  });

  it("stores each event as the intake would: its envelope and its bytes", async () => {
    const stored: ReceivedPaymentEvent[] = [];
    const reconcile = makeReconcilePaymentEvents({
      source: {
        async *list() {
          yield event(7);
        },
      },
      checkpoints: { withLease: async (work) => work(null) },
      events: {
        insertAll: async (batch) => {
          stored.push(...batch);
          return batch.map(() => ({ stored: true }));
        },
      },
      counter: { add: () => {} },
      types: [],
      clock: { now: () => NOW },
    });
    await reconcile();
    expect(stored).toEqual([
      {
        id: "evt_7",
        type: "charge.refunded",
        livemode: false,
        created: new Date((1_764_000_000 + 7) * 1000),
        payload: Buffer.from(JSON.stringify(event(7))),
      },
    ]);
  });
});

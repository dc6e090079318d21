import { testLogger } from "@mp/logger";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ReconcileResult } from "../application/reconcile-payment-events";
import { reconcilePassEveryMs, startPaymentEventReconciler } from "./payment-events.reconciler";

describe("the reconciliation loop", () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: 0 });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("passes every half interval, so an event made just after a pass is found within one interval", async () => {
    const starts: number[] = [];
    const pass = async (): Promise<ReconcileResult> => {
      starts.push(Date.now());
      return { ran: true, listed: 0, recovered: 0 };
    };
    const loop = startPaymentEventReconciler(pass, { intervalMs: 10_000, logger: testLogger("rec") });
    await vi.advanceTimersByTimeAsync(20_000);
    expect(starts).toEqual([5_000, 10_000, 15_000, 20_000]);
    // An event created just after the pass at 5 s is listed by the pass at 10 s: 5 s after it was made.
    const eventAt = 5_001;
    const foundBy = starts.find((t) => t >= eventAt)!;
    expect(foundBy - eventAt).toBeLessThan(10_000 / 2 + 1);
    await loop.stop();
  });

  it("never runs two passes at once when one outlasts the period", async () => {
    let running = 0;
    let most = 0;
    const pass = async (): Promise<ReconcileResult> => {
      running++;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, 12_000));
      running--;
      return { ran: true, listed: 0, recovered: 0 };
    };
    const loop = startPaymentEventReconciler(pass, { intervalMs: 10_000, logger: testLogger("rec") });
    await vi.advanceTimersByTimeAsync(40_000);
    expect(most).toBe(1);
    const stopped = loop.stop();
    await vi.advanceTimersByTimeAsync(12_000);
    await stopped;
  });

  it("keeps a floor of one second between passes", () => {
    expect(reconcilePassEveryMs(300_000)).toBe(150_000);
    expect(reconcilePassEveryMs(1_000)).toBe(1_000);
  });
});

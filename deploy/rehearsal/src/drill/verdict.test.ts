import { describe, expect, it } from "vitest";
import type { DrillFigures } from "./verdict";
import { misses } from "./verdict";

const outcomes = {
  purchases: 1000,
  doubledPurchases: 0,
  sales: 1000,
  doubledSales: 0,
  ledgerEntries: 3000,
  deadLetters: 0,
  parkedOutbox: 0,
  leftovers: [],
  maxAppearanceMs: 1200,
};
const passing: DrillFigures = {
  seconds: 300,
  requests: 10_000,
  failures: [],
  accepted: 1000,
  undelivered: 0,
  outcomes,
  steps: [{ action: "restart", container: "mp-rehearsal-catalogue-1", startedAt: 10, seconds: 6 }],
};
const unavailable = (n: number, retryAfter = true) =>
  Array.from({ length: n }, () => ({ kind: "read" as const, status: 503, retryAfter, at: 0, detail: "" }));

describe("the drill's verdict", () => {
  it("passes a run that meets every requirement", () => {
    expect(misses(passing)).toEqual([]);
  });

  it("allows 503 with Retry-After up to 0.1 % of requests, and nothing else", () => {
    expect(misses({ ...passing, failures: unavailable(10) })).toEqual([]);
    expect(misses({ ...passing, failures: unavailable(11) })).toEqual([expect.stringMatching(/11 of 10000/)]);
    expect(misses({ ...passing, failures: unavailable(1, false) })).toEqual([
      expect.stringMatching(/other than 503/),
    ]);
    const reset = [
      { kind: "read" as const, status: "transport" as const, retryAfter: false, at: 0, detail: "" },
    ];
    expect(misses({ ...passing, failures: reset })).toEqual([expect.stringMatching(/other than 503/)]);
  });

  it("needs as many purchases and sales as accepted notifications, none doubled", () => {
    expect(misses({ ...passing, outcomes: { ...outcomes, purchases: 999 } })).toEqual([
      expect.stringMatching(/999 purchases/),
    ]);
    expect(misses({ ...passing, outcomes: { ...outcomes, sales: 1001 } })).toEqual([
      expect.stringMatching(/1001 sales/),
    ]);
    expect(misses({ ...passing, outcomes: { ...outcomes, doubledSales: 1 } })).toHaveLength(1);
    expect(misses({ ...passing, outcomes: { ...outcomes, doubledPurchases: 1 } })).toHaveLength(1);
    expect(misses({ ...passing, undelivered: 2 })).toEqual([expect.stringMatching(/never accepted/)]);
  });

  it("fails on dead letters, parked outbox rows, a short run and a disruption that did not recover", () => {
    expect(misses({ ...passing, outcomes: { ...outcomes, deadLetters: 1 } })).toEqual(["1 dead letters"]);
    expect(misses({ ...passing, outcomes: { ...outcomes, parkedOutbox: 2 } })).toEqual([
      "2 parked outbox rows",
    ]);
    expect(misses({ ...passing, seconds: 120 })).toEqual([expect.stringMatching(/120.00 s, under 300/)]);
    const stuck = {
      action: "kill -9" as const,
      container: "x",
      startedAt: 1,
      seconds: 180,
      error: "not ready",
    };
    expect(misses({ ...passing, steps: [stuck] })).toEqual(["kill -9 x: not ready"]);
  });
});

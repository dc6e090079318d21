import { describe, expect, it } from "vitest";
import { ArrivalLog } from "./arrival-log";

function logOf(times: number[], capacity?: number): ArrivalLog {
  const log = new ArrivalLog(capacity);
  for (const at of times) log.record(at);
  return log;
}

describe("the simulator's arrival log", () => {
  it("finds the busiest one-second span anywhere, not only in whole seconds", () => {
    // Whole seconds hold 3 and 3; the span from 600 to 1599 holds 5.
    const log = logOf([0, 100, 600, 700, 800, 1_300, 1_500, 2_700]);
    expect(log.busiest()).toBe(5);
  });

  it("counts a span as half-open: two arrivals exactly a second apart are in different seconds", () => {
    expect(logOf([0, 1_000, 2_000]).busiest()).toBe(1);
    expect(logOf([0, 999.9, 2_000]).busiest()).toBe(2);
  });

  it("counts only arrivals from `since` on", () => {
    const log = logOf([0, 10, 20, 30, 2_000, 2_100]);
    expect(log.busiest()).toBe(4);
    expect(log.busiest(5)).toBe(3);
    expect(log.busiest(25)).toBe(2);
    expect(log.busiest(2_050)).toBe(1);
    expect(log.busiest(5_000)).toBe(0);
  });

  it("keeps the newest `capacity` arrivals, and forgets all when cleared", () => {
    const log = logOf([0, 1, 2, 3, 5_000, 5_001], 3);
    // 0, 1 and 2 were overwritten: only 3, 5000 and 5001 are left.
    expect(log.busiest()).toBe(2);
    log.clear();
    expect(log.busiest()).toBe(0);
    log.record(7);
    expect(log.busiest()).toBe(1);
  });
});

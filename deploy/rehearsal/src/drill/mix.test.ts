import { describe, expect, it } from "vitest";
import { dueAt, loadEnd, opKind, sleepUntil } from "./mix";

describe("the drill's load mix", () => {
  it("sends half reads, a tenth instance creations, 30 % notifications and 5 % installs", () => {
    const counts = { read: 0, instance: 0, notification: 0, install: 0 };
    for (let i = 0; i < 2000; i++) counts[opKind(i)] += 1;
    expect(counts).toEqual({ read: 1100, instance: 200, notification: 600, install: 100 });
  });

  it("schedules at a fixed rate from the start, whatever happened before", () => {
    expect(dueAt(1000, 0, 20)).toBe(1000);
    expect(dueAt(1000, 40, 20)).toBe(3000);
  });

  it("ends the load no earlier than its length, once the disruptions are over", () => {
    // At 20 a second for 300 s the last operation is due at 299.95 s; the load then waits out 300 s.
    expect(loadEnd(0, 5999, 20, 300_000, true, 299_950)).toBeUndefined();
    expect(loadEnd(0, 6000, 20, 300_000, true, 299_960)).toBe(40);
    expect(loadEnd(0, 6000, 20, 300_000, true, 300_500)).toBe(0);
    expect(loadEnd(0, 6000, 20, 300_000, false, 300_500)).toBeUndefined();
  });

  it("sleeps until the moment, never a fraction of a millisecond short of it", async () => {
    // A single timer of the remaining (fractional) time wakes short about half the time.
    for (let i = 0; i < 60; i++) {
      const at = performance.now() + 3 + Math.random();
      await sleepUntil(at);
      expect(performance.now()).toBeGreaterThanOrEqual(at);
    }
  });
});

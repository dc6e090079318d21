import { describe, expect, it } from "vitest";
import { SlidingWindow } from "./platform-token-bucket";

describe("SlidingWindow (the in-memory INFUSE_MAX_RPS fallback)", () => {
  it("grants `limit` at once when idle and none more within the window", () => {
    let now = 10_000;
    const w = new SlidingWindow(4, 1_000, () => now);
    expect([w.take(), w.take(), w.take(), w.take()]).toEqual([0, 0, 0, 0]);
    expect(w.take()).toBe(1_000);
    now += 1_000;
    expect(w.take()).toBe(0);
  });

  it("after a drain grants nothing for `ms`, then one every windowMs / limit, not a burst", () => {
    let now = 10_000;
    const w = new SlidingWindow(4, 1_000, () => now);
    w.drain(1_000);
    expect(w.take()).toBe(1_000);
    now += 1_000;
    expect(w.take()).toBe(0);
    expect(w.take()).toBe(250);
    now += 250;
    expect(w.take()).toBe(0);
    expect(w.take()).toBe(250);
    now += 500;
    // The two spaced slots that freed meanwhile are both there; the next frees a window after the first.
    expect([w.take(), w.take(), w.take()]).toEqual([0, 0, 250]);
  });
});

import { describe, expect, it } from "vitest";
import { DEFAULT_RETRY_SCHEDULE, nextAttemptAt, parseDuration, parseRetrySchedule } from "./retry-schedule";

const H = 3_600_000;
const start = new Date("2026-11-01T00:00:00Z");
const at = (ms: number) => new Date(start.getTime() + ms);

describe("retry schedule", () => {
  it("reads durations in ms, s, m, h and d, and nothing else", () => {
    expect(parseDuration("250ms")).toBe(250);
    expect(parseDuration("10s")).toBe(10_000);
    expect(parseDuration("5m")).toBe(300_000);
    expect(parseDuration("2h")).toBe(2 * H);
    expect(parseDuration("3d")).toBe(72 * H);
    for (const bad of ["", "10", "1.5s", "-1s", "0s", "1w", "s"]) expect(parseDuration(bad)).toBeUndefined();
  });

  it("parses the default and a test schedule, refusing a bad one with a message", () => {
    expect(parseRetrySchedule("10s,1m,5m,30m,2h,6h/3d")).toEqual(DEFAULT_RETRY_SCHEDULE);
    expect(parseRetrySchedule("100ms,200ms/1s")).toEqual({ delaysMs: [100, 200], windowMs: 1_000 });
    expect(parseRetrySchedule("1s")).toEqual({
      delaysMs: [1_000],
      windowMs: DEFAULT_RETRY_SCHEDULE.windowMs,
    });
    expect(typeof parseRetrySchedule("10s,soon")).toBe("string");
    expect(typeof parseRetrySchedule("10s/forever")).toBe("string");
  });

  it("waits about 10 s, 1 min, 5 min, 30 min, 2 h, then every 6 h", () => {
    const s = DEFAULT_RETRY_SCHEDULE;
    let now = start;
    const waits: number[] = [];
    for (let attempt = 1; attempt <= 8; attempt++) {
      const next = nextAttemptAt(s, attempt, start, now) as Date;
      waits.push(next.getTime() - now.getTime());
      now = next;
    }
    expect(waits).toEqual([10_000, 60_000, 300_000, 1_800_000, 2 * H, 6 * H, 6 * H, 6 * H]);
  });

  it("gives up once the next attempt would fall beyond 3 days after the first", () => {
    const s = DEFAULT_RETRY_SCHEDULE;
    let now = start;
    let attempts = 0;
    for (;;) {
      attempts++;
      const next = nextAttemptAt(s, attempts, start, now);
      if (!next) break;
      expect(next.getTime() - start.getTime()).toBeLessThanOrEqual(72 * H);
      now = next;
    }
    // 10 s + 1 m + 5 m + 30 m + 2 h (about 2.6 h), then 6-hourly up to 72 h: 11 more.
    expect(attempts).toBe(17);
    expect(now.getTime() - start.getTime()).toBeGreaterThan(66 * H);
    expect(nextAttemptAt(s, 1, start, at(72 * H))).toBeUndefined();
  });
});

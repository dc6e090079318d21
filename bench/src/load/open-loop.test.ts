import { describe, expect, it } from "vitest";
import { runOpenLoop } from "./open-loop";

/** Blocks the event loop, as a stalled process would: nothing else can be sent meanwhile. */
function stall(ms: number): void {
  const end = performance.now() + ms;
  while (performance.now() < end) {
    // busy
  }
}

describe("runOpenLoop", () => {
  it("measures from the scheduled send time, so operations held back by a stall carry the wait", async () => {
    const result = await runOpenLoop({
      rate: 200,
      durationMs: 300,
      warmupMs: 0,
      operation: async (index) => {
        if (index === 5) stall(100);
      },
    });
    expect(result.sent).toBe(60);
    expect(result.latency.count).toBe(60);
    // Operation 6 was due 5 ms after operation 5 but could only start once the stall ended.
    expect(result.latency.max).toBeGreaterThanOrEqual(90);
  });

  it("counts failures and leaves the warm-up out", async () => {
    const result = await runOpenLoop({
      rate: 100,
      durationMs: 200,
      warmupMs: 100,
      operation: async (index) => {
        if (index % 2 === 0) throw new Error(`no ${index}`);
      },
    });
    expect(result.sent).toBe(20);
    expect(result.failed).toBe(5);
    expect(result.latency.count).toBe(5);
    expect(result.firstError).toBe("no 10");
  });
});

import { fileURLToPath } from "node:url";
import { createLogger } from "@mp/logger";
import { runNodeForJson } from "@mp/testing";
import { describe, expect, it } from "vitest";
import { burstTrimPolicy, startHeapTrim } from "./heap-trim";

const MIB = 1024 * 1024;
const PROBE = fileURLToPath(new URL("./testing/heap-trim-probe.ts", import.meta.url));
const silent = createLogger({ service: "heap-trim-test", level: "silent" });

describe("burstTrimPolicy", () => {
  it("trims only an idle process grown by the threshold above its lowest size, then measures from what the trim left", () => {
    const policy = burstTrimPolicy(0.05, 16 * MIB);
    expect(policy.shouldTrim({ utilisation: 0.01, rssBytes: 120 * MIB })).toBe(false);
    expect(policy.shouldTrim({ utilisation: 0.01, rssBytes: 110 * MIB })).toBe(false); // the new low
    expect(policy.shouldTrim({ utilisation: 0.9, rssBytes: 150 * MIB })).toBe(false); // busy: a burst
    expect(policy.shouldTrim({ utilisation: 0.04, rssBytes: 125 * MIB })).toBe(false); // 15 MiB: not enough
    expect(policy.shouldTrim({ utilisation: 0.04, rssBytes: 126 * MIB })).toBe(true);
    policy.trimmed(118 * MIB);
    // What the trim could not give back does not trigger another one; new growth does.
    expect(policy.shouldTrim({ utilisation: 0.01, rssBytes: 126 * MIB })).toBe(false);
    expect(policy.shouldTrim({ utilisation: 0.01, rssBytes: 134 * MIB })).toBe(true);
  });

  it("after the first trim, trims only a process that has rested for restLooks idle looks in a row", () => {
    const policy = burstTrimPolicy(0.05, 16 * MIB, 3);
    expect(policy.shouldTrim({ utilisation: 0.01, rssBytes: 100 * MIB })).toBe(false);
    expect(policy.shouldTrim({ utilisation: 0.9, rssBytes: 140 * MIB })).toBe(false);
    // The first trim: one idle look is enough (what the start left behind).
    expect(policy.shouldTrim({ utilisation: 0.01, rssBytes: 140 * MIB })).toBe(true);
    policy.trimmed(100 * MIB);
    expect(policy.shouldTrim({ utilisation: 0.9, rssBytes: 140 * MIB })).toBe(false); // a burst
    expect(policy.shouldTrim({ utilisation: 0.01, rssBytes: 140 * MIB })).toBe(false); // a lull: 1 look
    expect(policy.shouldTrim({ utilisation: 0.01, rssBytes: 140 * MIB })).toBe(false); // 2 looks
    expect(policy.shouldTrim({ utilisation: 0.5, rssBytes: 140 * MIB })).toBe(false); // the load is back
    expect(policy.shouldTrim({ utilisation: 0.01, rssBytes: 140 * MIB })).toBe(false);
    expect(policy.shouldTrim({ utilisation: 0.01, rssBytes: 140 * MIB })).toBe(false);
    expect(policy.shouldTrim({ utilisation: 0.01, rssBytes: 140 * MIB })).toBe(true); // rested: 3 looks
  });
});

describe("startHeapTrim", () => {
  it("runs a last-resort full collection when the policy says so, and none while busy", async () => {
    const calls: unknown[] = [];
    const readings = [
      { utilisation: 0.01, rss: 100 },
      { utilisation: 0.8, rss: 140 },
      { utilisation: 0.01, rss: 140 },
      { utilisation: 0.01, rss: 141 },
    ];
    // Each look reads its utilisation first, then its size: the utilisation read moves to the next reading.
    let at = 0;
    let current = readings[0]!;
    let rssAfterTrim: number | undefined;
    const trim = startHeapTrim({
      logger: silent,
      gc: (options) => {
        calls.push({ ...options, look: at });
        rssAfterTrim = 105;
      },
      everyMs: 5,
      readUtilisation: () => {
        current = readings[Math.min(at++, readings.length - 1)]!;
        return current.utilisation;
      },
      readRss: () => (rssAfterTrim ?? current.rss) * MIB,
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    trim.stop();
    // Not on the busy second look (already 40 MiB above the low), but on the idle third one.
    expect(calls).toEqual([{ type: "major", execution: "sync", flavor: "last-resort", look: 3 }]);
    expect(trim.trims).toBe(1);
  });

  it("does nothing without V8's gc", () => {
    const trim = startHeapTrim({ logger: silent, gc: undefined, everyMs: 1 });
    expect(trim.trims).toBe(0);
    trim.stop();
  });

  it("gives a burst's garbage back to the system in a real process (gc exposed as the preload does)", async () => {
    const result = await runNodeForJson<{
      trims: number;
      afterBurst: { rss: number; heapTotal: number };
      afterIdle: { rss: number; heapTotal: number };
    }>(["--import", "tsx", PROBE]);
    expect(result.trims).toBe(1);
    expect(result.afterIdle.heapTotal).toBeLessThan(result.afterBurst.heapTotal / 2);
    expect(result.afterIdle.rss).toBeLessThan(result.afterBurst.rss - 32 * MIB);
  }, 30_000);
});

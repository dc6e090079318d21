import { describe, expect, it } from "vitest";
import { processCpuMs, procTicks, ticksToMs } from "./proc-cpu";

describe("proc-cpu", () => {
  it("reads this process's CPU time and sees it grow with work", () => {
    const before = processCpuMs(process.pid);
    // Spin until the kernel has charged this process 60 ms more (not 60 ms of wall time: on a busy
    // machine that could be far less CPU).
    const start = process.cpuUsage();
    let spin = 0;
    for (;;) {
      const used = process.cpuUsage(start);
      if (used.user + used.system >= 60_000) break;
      spin++;
    }
    const after = processCpuMs(process.pid);
    expect(spin).toBeGreaterThan(0);
    expect(before).toBeGreaterThan(0);
    // /proc counts in 10 ms ticks.
    expect(after).toBeGreaterThanOrEqual(before + 40);
  });

  it("answers zeros for a process that does not exist", () => {
    expect(procTicks(2 ** 30)).toEqual({ own: 0, reaped: 0 });
    expect(processCpuMs(2 ** 30)).toBe(0);
  });

  it("converts USER_HZ ticks to milliseconds", () => {
    expect(ticksToMs(250)).toBe(2500);
  });
});

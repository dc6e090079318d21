import { describe, expect, it } from "vitest";
import { processCpuMs, procTicks, ticksToMs } from "./proc-cpu";

describe("proc-cpu", () => {
  it("reads this process's CPU time and sees it grow with work", () => {
    const before = processCpuMs(process.pid);
    const until = performance.now() + 60;
    let spin = 0;
    while (performance.now() < until) spin++;
    const after = processCpuMs(process.pid);
    expect(spin).toBeGreaterThan(0);
    expect(before).toBeGreaterThan(0);
    expect(after).toBeGreaterThanOrEqual(before + 20);
  });

  it("answers zeros for a process that does not exist", () => {
    expect(procTicks(2 ** 30)).toEqual({ own: 0, reaped: 0 });
    expect(processCpuMs(2 ** 30)).toBe(0);
  });

  it("converts USER_HZ ticks to milliseconds", () => {
    expect(ticksToMs(250)).toBe(2500);
  });
});

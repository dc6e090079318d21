import { afterAll, describe, expect, it, vi } from "vitest";
import { activeTelemetry, startTelemetry } from "./sdk";

describe("one telemetry per process", () => {
  const first = startTelemetry({ serviceName: "shared-instance-test" });
  afterAll(() => first.shutdown());

  // Compiled, the preload and the entry each bundle their own copy of sdk.ts; a fresh module instance
  // stands in for the second copy here.
  it("is seen and returned by a second copy of the module", async () => {
    vi.resetModules();
    const copy = await import("./sdk");
    expect(copy.activeTelemetry()).toBe(first);
    expect(copy.startTelemetry({ serviceName: "other" })).toBe(first);
    expect(activeTelemetry()).toBe(first);
  });
});

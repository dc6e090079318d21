import http2 from "node:http2";
import { createLogger } from "@mp/logger";
import { describe, expect, it } from "vitest";
import { installRuntimeTuning } from "./install";
import { runtimeTuningSkips } from "./switch";

const silent = createLogger({ service: "install-test", level: "silent" });

describe("installRuntimeTuning", () => {
  it("installs every tuning by default, the heap trim included", async () => {
    const tuning = await installRuntimeTuning({ logger: silent, skip: runtimeTuningSkips({}) });
    try {
      expect(tuning.installed).toEqual(["pretenuring", "call-tables", "http2-release", "heap-trim"]);
      expect(tuning.heapTrim?.trims).toBe(0);
      // grpc-js's transports found where call-tables.ts looks, and http2 wrapped.
      expect(tuning.grpcTransportsTracked).toBe(true);
      expect(http2.connect.name).toBe("connectReleasing");
    } finally {
      tuning.heapTrim?.stop();
    }
  });

  it("leaves the heap trim out when RUNTIME_TUNING_SKIP=heap-trim", async () => {
    const tuning = await installRuntimeTuning({
      logger: silent,
      skip: runtimeTuningSkips({ RUNTIME_TUNING_SKIP: "heap-trim" }),
    });
    expect(tuning.installed).not.toContain("heap-trim");
    expect(tuning.heapTrim).toBeUndefined();
  });
});

import http2 from "node:http2";
import { createLogger } from "@mp/logger";
import { describe, expect, it } from "vitest";
import { installRuntimeTuning } from "./install";
import { runtimeTuningSkips } from "./switch";

const silent = createLogger({ service: "install-test", level: "silent" });

describe("installRuntimeTuning", () => {
  it("installs every tuning but the heap trim by default", async () => {
    const tuning = await installRuntimeTuning({ logger: silent, skip: runtimeTuningSkips({}) });
    expect(tuning.installed).toEqual(["pretenuring", "call-tables", "http2-release"]);
    expect(tuning.heapTrim).toBeUndefined();
    // grpc-js's transports found where call-tables.ts looks, and http2 wrapped.
    expect(tuning.grpcTransportsTracked).toBe(true);
    expect(http2.connect.name).toBe("connectReleasing");
  });

  it("starts the heap trim when RUNTIME_TUNING_SKIP=none", async () => {
    const tuning = await installRuntimeTuning({
      logger: silent,
      skip: runtimeTuningSkips({ RUNTIME_TUNING_SKIP: "none" }),
    });
    expect(tuning.installed).toContain("heap-trim");
    expect(tuning.heapTrim?.trims).toBe(0);
    tuning.heapTrim?.stop();
  });
});

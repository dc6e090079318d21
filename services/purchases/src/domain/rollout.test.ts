import { describe, expect, it } from "vitest";
import {
  assignWaves,
  countsOf,
  deviceStatusOfInstall,
  exceedsThreshold,
  isFinal,
  nextStatus,
  waveSize,
} from "./rollout";

describe("waves", () => {
  it("wave n has firstWave * growth^(n-1) devices", () => {
    expect([1, 2, 3, 4, 5].map((n) => waveSize(n, 1, 2))).toEqual([1, 2, 4, 8, 16]);
    expect([1, 2, 3].map((n) => waveSize(n, 10, 3))).toEqual([10, 30, 90]);
  });

  it("rounds a fractional growth up, and growth 1 keeps every wave the same size", () => {
    expect([1, 2, 3, 4].map((n) => waveSize(n, 2, 1.5))).toEqual([2, 3, 5, 7]);
    expect([1, 2, 3].map((n) => waveSize(n, 5, 1))).toEqual([5, 5, 5]);
  });

  it("assigns devices in order, the last wave taking what is left", () => {
    expect(assignWaves(10, 1, 2)).toEqual([1, 2, 2, 3, 3, 3, 3, 4, 4, 4]);
    expect(assignWaves(3, 5, 2)).toEqual([1, 1, 1]);
    expect(assignWaves(0, 1, 2)).toEqual([]);
  });

  it("5,000 devices from one device doubling take 13 waves", () => {
    const waves = assignWaves(5_000, 1, 2);
    expect(waves.at(-1)).toBe(13);
    expect(waves.filter((w) => w === 12)).toHaveLength(2048);
  });
});

describe("failure threshold", () => {
  it("is exceeded only when failed among finished is above it", () => {
    expect(exceedsThreshold({ succeeded: 9, failed: 1 }, 10)).toBe(false);
    expect(exceedsThreshold({ succeeded: 8, failed: 1 }, 10)).toBe(true);
    expect(exceedsThreshold({ succeeded: 0, failed: 0 }, 0)).toBe(false);
    expect(exceedsThreshold({ succeeded: 5, failed: 0 }, 0)).toBe(false);
    expect(exceedsThreshold({ succeeded: 0, failed: 1 }, 0)).toBe(true);
    expect(exceedsThreshold({ succeeded: 0, failed: 3 }, 100)).toBe(false);
  });
});

describe("install outcome", () => {
  it("maps the install's status to the device's", () => {
    expect(deviceStatusOfInstall("queued")).toBe("in_progress");
    expect(deviceStatusOfInstall("sent")).toBe("in_progress");
    expect(deviceStatusOfInstall("succeeded")).toBe("succeeded");
    expect(deviceStatusOfInstall("already_installed")).toBe("succeeded");
    expect(deviceStatusOfInstall("failed")).toBe("failed");
    expect(deviceStatusOfInstall("cancelled")).toBe("failed");
    expect(deviceStatusOfInstall("expired")).toBe("failed");
  });
});

describe("state machine", () => {
  it("running pauses, completes or is cancelled; paused resumes or is cancelled", () => {
    expect(nextStatus("running", "pause")).toBe("paused");
    expect(nextStatus("running", "complete")).toBe("completed");
    expect(nextStatus("running", "cancel")).toBe("cancelled");
    expect(nextStatus("paused", "resume")).toBe("running");
    expect(nextStatus("paused", "cancel")).toBe("cancelled");
  });

  it("refuses what the state does not allow", () => {
    expect(nextStatus("running", "resume")).toBe("invalid");
    expect(nextStatus("paused", "pause")).toBe("invalid");
    expect(nextStatus("paused", "complete")).toBe("invalid");
    for (const final of ["cancelled", "completed"] as const) {
      expect(isFinal(final)).toBe(true);
      for (const action of ["pause", "resume", "cancel", "complete"] as const)
        expect(nextStatus(final, action)).toBe("invalid");
    }
    expect(isFinal("paused")).toBe(false);
  });
});

describe("counts", () => {
  it("adds up every status into the total", () => {
    expect(
      countsOf([
        { status: "skipped", count: 2 },
        { status: "in_progress", count: 3 },
        { status: "succeeded", count: 4 },
        { status: "queued", count: 1 },
      ]),
    ).toEqual({ total: 10, skipped: 2, queued: 1, inProgress: 3, succeeded: 4, failed: 0, cancelled: 0 });
  });
});

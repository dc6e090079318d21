import { describe, expect, it } from "vitest";
import { compatibilityOf, releaseForInstall } from "./install";

const TRACKER = "0193a5d0-dd00-7000-8000-0000000000b1";
const SENSOR = "0193a5d0-dd00-7000-8000-0000000000b2";
const release = (over: Partial<Parameters<typeof compatibilityOf>[0]> = {}) => ({
  boardId: TRACKER,
  releaseVersion: "1.2.0+00000009",
  iotApplicationId: 4097,
  iotReleaseId: "rel-tracker-120",
  ...over,
});
const device = (over: Partial<Parameters<typeof compatibilityOf>[1]> = {}) => ({
  boardId: TRACKER,
  application: { applicationId: 4097, version: "1.1.0+00000004" },
  ...over,
});

describe("compatibilityOf", () => {
  it("a release for the device's board is compatible", () => {
    expect(compatibilityOf(release(), device())).toEqual({ compatibility: "compatible" });
  });

  it("a release for another board is incompatible, whatever the case of the ids", () => {
    expect(compatibilityOf(release({ boardId: SENSOR }), device())).toEqual({
      compatibility: "incompatible",
      reason: "board-mismatch",
    });
    expect(compatibilityOf(release({ boardId: TRACKER.toUpperCase() }), device()).compatibility).toBe(
      "compatible",
    );
  });

  it("installed only when the device reports this application and version", () => {
    const running = { applicationId: 4097, version: "1.2.0+00000009" };
    expect(compatibilityOf(release(), device({ application: running })).compatibility).toBe("installed");
    expect(
      compatibilityOf(release(), device({ application: { ...running, applicationId: 4098 } })).compatibility,
    ).toBe("compatible");
    expect(compatibilityOf(release(), device({ application: null })).compatibility).toBe("compatible");
  });

  it("unknown when the device's board or the platform release is not known", () => {
    expect(compatibilityOf(release(), device({ boardId: "" }))).toEqual({
      compatibility: "unknown",
      reason: "device-board-unknown",
    });
    expect(compatibilityOf(release({ iotReleaseId: null }), device())).toEqual({
      compatibility: "unknown",
      reason: "release-not-on-platform",
    });
  });
});

describe("releaseForInstall", () => {
  it("picks the release for the device's board", () => {
    const sensor = release({ boardId: SENSOR, iotReleaseId: "rel-sensor" });
    const tracker = release();
    expect(releaseForInstall([sensor, tracker], device())).toEqual({ release: tracker });
  });

  it("a version with releases for other boards only is incompatible; none at all is not found", () => {
    expect(releaseForInstall([release({ boardId: SENSOR })], device())).toEqual({ problem: "incompatible" });
    expect(releaseForInstall([], device())).toEqual({ problem: "version-not-found" });
    expect(releaseForInstall([release({ iotReleaseId: null })], device())).toEqual({
      problem: "version-not-found",
    });
  });
});

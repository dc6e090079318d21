import { describe, expect, it } from "vitest";
import {
  compareVersions,
  type ItemRelease,
  iotReleaseIdProblem,
  latestVersion,
  markAvailable,
  markFailed,
  selectRelease,
  versionSortKey,
} from "./item-release";

const ITEM = {
  id: "0193a1b2-0000-7000-8000-0000000000c1",
  organisationId: "0193a1b2-0000-7000-8000-00000000000a",
};
const RELEASE_ID = "0193a1b2-0000-7000-8000-0000000000d1";
const t0 = new Date("2026-11-22T10:00:00.000Z");
const t1 = new Date("2026-11-22T10:05:00.000Z");

const preparing = (): ItemRelease =>
  selectRelease(
    ITEM,
    {
      releaseId: "rel-abc",
      applicationId: 7,
      version: "1.2.3+0000abcd",
      board: { id: "b1", name: "Tracker", target: "tracker_nrf9160" },
      sizeBytes: 1024,
      crc32: 123456,
    },
    { id: RELEASE_ID, now: t0 },
  );

const stored = {
  sha256: "a".repeat(64),
  sizeBytes: 1024,
  objectKey: `orgs/${ITEM.organisationId}/item-releases/${RELEASE_ID}.bin`,
};

describe("selectRelease", () => {
  it("starts preparing, without digest and without an object until the adapter reports one", () => {
    const r = preparing();
    expect(r).toMatchObject({
      status: "preparing",
      sha256: null,
      failureReason: null,
      itemId: ITEM.id,
      infuseIotReleaseId: "rel-abc",
      objectKey: null,
      createdAt: t0,
    });
  });
});

describe("iotReleaseIdProblem", () => {
  it("accepts opaque ids and refuses dot segments, slashes and bad lengths", () => {
    for (const id of ["rel-abc", "a b:c", "...", ".x"]) expect(iotReleaseIdProblem(id)).toBeUndefined();
    for (const id of [".", "..", "a/b", "/", "a\\b", "", "x".repeat(129)])
      expect(iotReleaseIdProblem(id)).toEqual(expect.any(String));
  });
});

describe("status transitions", () => {
  it("preparing -> available records digest, length and the adapter's key", () => {
    const result = markAvailable(preparing(), { ...stored, sizeBytes: 1000 }, t1);
    expect(result.changed).toBe(true);
    expect(result.release).toMatchObject({
      status: "available",
      sha256: stored.sha256,
      sizeBytes: 1000,
      objectKey: stored.objectKey,
      updatedAt: t1,
    });
  });

  it("preparing -> failed keeps a fixed code only, never raw text", () => {
    for (const code of ["checksum-mismatch", "too-large", "retries-exhausted", "not-found"])
      expect(markFailed(preparing(), code, t1).release).toMatchObject({
        status: "failed",
        failureReason: code,
      });
    for (const raw of ["", "CRC32 mismatch: 0x1 vs 0x2", "ECONNREFUSED 10.0.0.7:9000", "Copy-Refused"])
      expect(markFailed(preparing(), raw, t1).release.failureReason).toBe("copy-failed");
  });

  it("the first outcome wins: available and failed are final, repeats change nothing", () => {
    const available = markAvailable(preparing(), stored, t1).release;
    expect(markAvailable(available, { ...stored, sha256: "b".repeat(64) }, t1)).toEqual({
      changed: false,
      release: available,
    });
    expect(markFailed(available, "too-large", t1)).toEqual({ changed: false, release: available });
    const failed = markFailed(preparing(), "not-found", t1).release;
    expect(markAvailable(failed, stored, t1)).toEqual({ changed: false, release: failed });
    expect(markFailed(failed, "too-large", t1).release.failureReason).toBe("not-found");
  });
});

describe("version ordering", () => {
  it("compares numerically per component, build last", () => {
    const sorted = ["1.10.0+00000001", "1.9.0+00000001", "1.9.0+0000000a", "0.1.0", "2.0.0+00000000"].sort(
      compareVersions,
    );
    expect(sorted).toEqual([
      "0.1.0",
      "1.9.0+00000001",
      "1.9.0+0000000a",
      "1.10.0+00000001",
      "2.0.0+00000000",
    ]);
  });

  it("sort keys order like compareVersions, and odd versions sort after well-formed ones", () => {
    expect(versionSortKey("1.9.0+00000001") < versionSortKey("1.10.0+00000001")).toBe(true);
    expect(versionSortKey("99.0.0") < versionSortKey("weird")).toBe(true);
    expect(compareVersions("1.2.3+0000ABCD", "1.2.3+0000abcd")).toBe(0);
  });

  it("latest version ignores failed releases and is null without candidates", () => {
    expect(latestVersion([])).toBeNull();
    expect(
      latestVersion([
        { version: "1.9.0", status: "available" },
        { version: "1.10.0", status: "preparing" },
        { version: "3.0.0", status: "failed" },
      ]),
    ).toBe("1.10.0");
    expect(latestVersion([{ version: "3.0.0", status: "failed" }])).toBeNull();
  });
});

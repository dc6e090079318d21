import { describe, expect, it } from "vitest";
import { formatReleaseVersion, releaseIdProblem, toIsoMs } from "./release";

describe("formatReleaseVersion", () => {
  it("renders major.minor.revision+<build as 8 lowercase hex digits>", () => {
    expect(formatReleaseVersion({ major: 1, minor: 2, revision: 3, buildNum: 0xabc })).toBe("1.2.3+00000abc");
    expect(formatReleaseVersion({ major: 0, minor: 0, revision: 0, buildNum: 0 })).toBe("0.0.0+00000000");
    expect(formatReleaseVersion({ major: 10, minor: 20, revision: 300, buildNum: 0xdeadbeef })).toBe(
      "10.20.300+deadbeef",
    );
  });
});

describe("toIsoMs", () => {
  it("normalises platform timestamps to ISO with milliseconds and Z", () => {
    expect(toIsoMs("2026-01-02T03:04:05Z")).toBe("2026-01-02T03:04:05.000Z");
    expect(toIsoMs("2026-01-02T04:04:05.5+01:00")).toBe("2026-01-02T03:04:05.500Z");
  });
});

describe("releaseIdProblem", () => {
  it("accepts opaque ids, even with characters that must be percent-encoded", () => {
    for (const id of ["0123456789abcdef01234567", "a b:c?d#e%", "...", ".x", "x.."])
      expect(releaseIdProblem(id)).toBeUndefined();
  });

  it("refuses dot segments, slashes and empty or overlong ids", () => {
    expect(releaseIdProblem(".")).toBe("must not be . or ..");
    expect(releaseIdProblem("..")).toBe("must not be . or ..");
    expect(releaseIdProblem("a/b")).toBe("must not contain / or \\");
    expect(releaseIdProblem("/")).toBe("must not contain / or \\");
    expect(releaseIdProblem("a\\b")).toBe("must not contain / or \\");
    expect(releaseIdProblem("")).toBe("must be 1 to 200 characters");
    expect(releaseIdProblem("x".repeat(201))).toBe("must be 1 to 200 characters");
  });
});

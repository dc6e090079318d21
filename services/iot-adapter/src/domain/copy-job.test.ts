import { describe, expect, it } from "vitest";
import { afterFailure, verifyCopy } from "./copy-job";

const measured = { sizeBytes: 11, crc32: 0x0d4a1185, sha256: "a".repeat(64) };

describe("verifyCopy", () => {
  it("accepts exactly the advertised length and CRC32", () => {
    expect(verifyCopy({ sizeBytes: 11, crc32: 0x0d4a1185 }, measured)).toBeUndefined();
  });

  it("names a length mismatch first", () => {
    expect(verifyCopy({ sizeBytes: 12, crc32: 1 }, measured)).toBe(
      "length mismatch: platform advertises 12 bytes, downloaded 11",
    );
  });

  it("names a CRC32 mismatch in hex", () => {
    expect(verifyCopy({ sizeBytes: 11, crc32: 0xffffffff }, measured)).toBe(
      "CRC32 mismatch: platform advertises 0xffffffff, downloaded 0x0d4a1185",
    );
  });
});

describe("afterFailure", () => {
  it("retries transient failures while attempts remain", () => {
    expect(afterFailure(1, 3, true)).toBe("retry");
    expect(afterFailure(2, 3, true)).toBe("retry");
    expect(afterFailure(3, 3, true)).toBe("fail");
  });

  it("never retries a permanent failure", () => {
    expect(afterFailure(1, 3, false)).toBe("fail");
  });
});

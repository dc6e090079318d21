import { describe, expect, it } from "vitest";
import { afterFailure, releaseObjectKey, verifyCopy } from "./copy-job";

const measured = { sizeBytes: 11, crc32: 0x0d4a1185, sha256: "a".repeat(64) };

describe("verifyCopy", () => {
  it("accepts exactly the advertised length and CRC32", () => {
    expect(verifyCopy({ sizeBytes: 11, crc32: 0x0d4a1185 }, measured)).toBeUndefined();
  });

  it("names a length mismatch first, as a fixed code with detail for the logs", () => {
    expect(verifyCopy({ sizeBytes: 12, crc32: 1 }, measured)).toEqual({
      code: "size-mismatch",
      detail: "platform advertises 12 bytes, downloaded 11",
    });
  });

  it("names a CRC32 mismatch (detail in hex)", () => {
    expect(verifyCopy({ sizeBytes: 11, crc32: 0xffffffff }, measured)).toEqual({
      code: "checksum-mismatch",
      detail: "platform advertises CRC32 0xffffffff, downloaded 0x0d4a1185",
    });
  });
});

describe("releaseObjectKey", () => {
  const org = "0193A5D0-DE00-7000-8000-000000000001";
  const itemRelease = "0193a5d0-1700-7000-8000-0000000000a1";

  it("puts the binary under the organisation, named by the item release, in lowercase", () => {
    expect(releaseObjectKey(org, itemRelease)).toBe(
      `orgs/${org.toLowerCase()}/item-releases/${itemRelease}.bin`,
    );
  });

  it("is built from guids only, so no part can climb out of the prefix", () => {
    for (const [o, r] of [
      [org, "../0193a5d0-9a00-7000-8000-000000000002/item-releases/x"],
      [org, `${itemRelease}/..`],
      ["..", itemRelease],
      [`${org}/../x`, itemRelease],
    ])
      expect(() => releaseObjectKey(o ?? "", r ?? "")).toThrow();
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

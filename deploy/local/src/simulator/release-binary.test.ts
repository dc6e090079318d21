import { crc32 } from "node:zlib";
import { describe, expect, it } from "vitest";
import { demoSeed } from "./demo-seed";
import { crc16, makeRelease, mismatchFile, releaseBytes } from "./release-binary";

const base = {
  id: "rel-1",
  applicationId: 1,
  organisationId: "0193a5d0-de00-7000-8000-000000000001",
  version: { major: 1, minor: 2, revision: 3, buildNum: 4 },
  boardId: "0193a5d0-b0a0-7000-8000-0000000000b1",
  boardTarget: "infuse_tracker_v2/nrf9151/ns",
  createdAt: "2026-01-05T09:00:00.000Z",
  updatedAt: "2026-01-05T09:00:00.000Z",
};

describe("release binaries", () => {
  it("advertise the length and CRC32 of the bytes served, with an image header", () => {
    const release = makeRelease(base);
    const bytes = releaseBytes(release);
    expect(bytes.length).toBe(release.file.len);
    expect(crc32(bytes)).toBe(release.file.crc);
    expect(bytes.length).toBeGreaterThanOrEqual(8 * 1024);
    expect(bytes.length).toBeLessThanOrEqual(96 * 1024);
    expect(bytes.readUInt32LE(0)).toBe(0x96f3b83d);
    expect([bytes[20], bytes[21], bytes.readUInt16LE(22), bytes.readUInt32LE(24)]).toEqual([1, 2, 3, 4]);
    expect(release.file.coapPath).toBe("/release/rel-1");
  });

  it("are the same bytes on every run", () => {
    expect(releaseBytes(makeRelease(base)).equals(releaseBytes(makeRelease(base)))).toBe(true);
    expect(demoSeed()).toEqual(demoSeed());
  });

  it("can be made to disagree with what is advertised", () => {
    const release = makeRelease({ ...base, binarySize: 9000 });
    const badCrc = mismatchFile(release, "crc");
    const badLen = mismatchFile(release, "len");
    const oversized = mismatchFile(release, "oversized");
    expect(releaseBytes(oversized).length).toBe(4 * 9000);
    expect(oversized.file).toEqual(release.file);
    expect(crc32(releaseBytes(badCrc))).not.toBe(badCrc.file.crc);
    expect(releaseBytes(badLen).length).toBe(9000);
    expect(badLen.file.len).not.toBe(9000);
  });

  it("uses CRC-16/CCITT-FALSE for boardTargetCRC", () => {
    expect(crc16("123456789")).toBe(0x29b1);
    expect(makeRelease(base).boardTargetCRC).toBe(crc16(base.boardTarget));
  });
});

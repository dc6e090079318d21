import { createHash } from "node:crypto";
import { crc32 } from "node:zlib";
import type { ApplicationRelease, ApplicationReleaseFileStats, ApplicationVersion } from "./api-types";

/** MCUboot's image magic: the bytes look like a signed Zephyr image to anyone who inspects them. */
const IMAGE_MAGIC = 0x96f3b83d;
const HEADER_SIZE = 0x200;
const MIN_SIZE = 8 * 1024;
const SPAN = 88 * 1024;

/**
 * A release as seeded: the wire model plus, optionally, the real size of its bytes. The bytes are derived
 * from the release id and version alone, so every run (and every test) serves identical images; `file`
 * is what the API advertises, which a test may make disagree with the bytes on purpose.
 */
export interface SeedRelease extends ApplicationRelease {
  /** Length of the served bytes; defaults to `file.len`. */
  binarySize?: number;
  /** When set, the download answers `302 Location: <this>` instead of the bytes (redirect tests). */
  downloadRedirect?: string;
}

/** Deterministic image bytes: an MCUboot-style header then seeded pseudo-random payload. */
export function releaseBytes(release: Pick<SeedRelease, "id" | "version" | "file" | "binarySize">): Buffer {
  const size = release.binarySize ?? release.file.len;
  return imageBytes(release.id, release.version, size);
}

function imageBytes(id: string, version: ApplicationVersion, size: number): Buffer {
  const bytes = Buffer.alloc(size);
  const next = mulberry32(seedOf(id));
  for (let i = 0; i < size; i += 4) {
    const word = next();
    for (let b = 0; b < 4 && i + b < size; b++) bytes[i + b] = (word >>> (8 * b)) & 0xff;
  }
  if (size >= HEADER_SIZE) {
    bytes.fill(0, 0, HEADER_SIZE);
    bytes.writeUInt32LE(IMAGE_MAGIC, 0);
    bytes.writeUInt32LE(0, 4); // load address
    bytes.writeUInt16LE(HEADER_SIZE, 8);
    bytes.writeUInt16LE(0, 10); // protected TLV size
    bytes.writeUInt32LE(size - HEADER_SIZE, 12);
    bytes.writeUInt32LE(0, 16); // flags
    bytes.writeUInt8(version.major & 0xff, 20);
    bytes.writeUInt8(version.minor & 0xff, 21);
    bytes.writeUInt16LE(version.revision & 0xffff, 22);
    bytes.writeUInt32LE(version.buildNum >>> 0, 24);
  }
  return bytes;
}

/**
 * A release with file stats that match its bytes: size 8–96 KiB chosen from the id unless `binarySize`
 * says otherwise, `crc` the zlib CRC32 of those bytes, `coapPath` where a device would fetch it.
 */
export function makeRelease(
  input: Omit<SeedRelease, "file" | "boardTargetCRC"> & { diffLen?: number },
): SeedRelease {
  const { diffLen = 0, ...rest } = input;
  const size = input.binarySize ?? MIN_SIZE + (seedOf(`${input.id}/size`) % SPAN);
  const bytes = imageBytes(input.id, input.version, size);
  const file: ApplicationReleaseFileStats = {
    coapPath: `/release/${input.id}`,
    len: bytes.length,
    crc: crc32(bytes),
    diffLen,
  };
  return { ...rest, file, boardTargetCRC: crc16(input.boardTarget) };
}

/**
 * A copy of `release` whose advertised stats no longer match its bytes (verification tests): `crc` changes
 * the advertised CRC32, `len` advertises 16 bytes more than are served, and `oversized` serves four times
 * the advertised length (a download that must be cut off).
 */
export function mismatchFile(release: SeedRelease, what: "crc" | "len" | "oversized"): SeedRelease {
  const size = release.binarySize ?? release.file.len;
  const file = { ...release.file };
  if (what === "crc") file.crc = (file.crc ^ 0x5a5a5a5a) >>> 0;
  else if (what === "len") file.len += 16;
  else return { ...release, binarySize: size * 4, file };
  return { ...release, binarySize: size, file };
}

/** CRC-16/CCITT-FALSE (poly 0x1021, init 0xFFFF) of the board target name, for `boardTargetCRC`. */
export function crc16(text: string): number {
  let crc = 0xffff;
  for (const byte of Buffer.from(text, "utf8")) {
    crc ^= byte << 8;
    for (let i = 0; i < 8; i++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc;
}

function seedOf(text: string): number {
  return createHash("sha256").update(text).digest().readUInt32LE(0);
}

function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  };
}

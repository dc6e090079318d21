import { createHash } from "node:crypto";
import { Readable, Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { describe, expect, it } from "vitest";
import { createMeter } from "./s3-object-store";

describe("createMeter", () => {
  it("measures length, CRC32 and sha256 of the bytes across chunks", async () => {
    const meter = createMeter();
    await pipeline(
      Readable.from([Buffer.from("hello"), Buffer.from(" "), Buffer.from("world")]),
      meter.stream,
      new Writable({ write: (_c, _e, cb) => cb() }),
    );
    expect(meter.result()).toEqual({
      sizeBytes: 11,
      crc32: 0x0d4a1185,
      sha256: createHash("sha256").update("hello world").digest("hex"),
    });
  });
});

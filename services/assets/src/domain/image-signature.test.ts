import { describe, expect, it } from "vitest";
import { sniffMimeType } from "./image-signature";

const bytes = (...values: number[]) => Uint8Array.from(values);

describe("sniffMimeType", () => {
  it("recognises the PNG signature", () => {
    expect(sniffMimeType(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13))).toBe(
      "image/png",
    );
  });

  it("recognises the JPEG start-of-image marker", () => {
    expect(sniffMimeType(bytes(0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10))).toBe("image/jpeg");
  });

  it.each([
    ["empty", bytes()],
    ["truncated PNG", bytes(0x89, 0x50, 0x4e, 0x47)],
    ["truncated JPEG", bytes(0xff, 0xd8)],
    ["GIF", new TextEncoder().encode("GIF89a")],
    ["text", new TextEncoder().encode("<svg xmlns=")],
    ["PNG signature off by one byte", bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0b)],
  ])("recognises nothing in %s", (_label, head) => {
    expect(sniffMimeType(head)).toBeUndefined();
  });
});

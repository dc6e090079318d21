import { describe, expect, it } from "vitest";
import { jpegImage, pngImage } from "../testing/test-images";
import { readImageFacts } from "./image-header";

describe("readImageFacts", () => {
  it("reads the type and pixel size of a real PNG", () => {
    const png = pngImage(300, 200);
    expect(readImageFacts(png, png.length)).toEqual({
      exists: true,
      sizeBytes: png.length,
      detectedMimeType: "image/png",
      dimensions: { width: 300, height: 200 },
    });
  });

  it("reads the type and pixel size of a real JPEG (frame after an APP0 and a comment segment)", () => {
    const jpeg = jpegImage(320, 480);
    expect(readImageFacts(jpeg, jpeg.length)).toMatchObject({
      detectedMimeType: "image/jpeg",
      dimensions: { width: 320, height: 480 },
    });
  });

  it("reads the header from the first bytes of a larger object", () => {
    const png = pngImage(640, 480);
    expect(readImageFacts(png.subarray(0, 64), 10 * 1024 * 1024)).toMatchObject({
      sizeBytes: 10 * 1024 * 1024,
      detectedMimeType: "image/png",
      dimensions: { width: 640, height: 480 },
    });
  });

  it("leaves the type and dimensions unknown for bytes that are no image", () => {
    const text = new TextEncoder().encode("definitely not an image, just text");
    expect(readImageFacts(text, text.length)).toEqual({
      exists: true,
      sizeBytes: text.length,
      detectedMimeType: undefined,
      dimensions: undefined,
    });
    expect(readImageFacts(new Uint8Array(), 0)).toMatchObject({ dimensions: undefined });
  });
});

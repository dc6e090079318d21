import { randomFillSync } from "node:crypto";
import { crc32, deflateSync } from "node:zlib";
import { encode as encodeJpeg } from "jpeg-js";

/**
 * Pixels with some variation, so encoders produce realistic (not trivially tiny) files; `noise` makes them
 * incompressible, for files as large as their raw pixels.
 */
function rgba(width: number, height: number, noise = false): Buffer {
  const data = Buffer.alloc(width * height * 4);
  if (noise) return randomFillSync(data);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      data[i] = (x * 7) & 0xff;
      data[i + 1] = (y * 13) & 0xff;
      data[i + 2] = (x ^ y) & 0xff;
      data[i + 3] = 0xff;
    }
  }
  return data;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A real, decodable RGBA PNG (signature, IHDR, zlib-compressed IDAT, IEND). */
export function pngImage(width: number, height: number, options: { noise?: boolean } = {}): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(6, 9); // colour type RGBA
  const pixels = rgba(width, height, options.noise);
  const rows = Buffer.alloc(height * (width * 4 + 1));
  for (let y = 0; y < height; y++) {
    rows[y * (width * 4 + 1)] = 0; // filter: none
    pixels.copy(rows, y * (width * 4 + 1) + 1, y * width * 4, (y + 1) * width * 4);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk("IHDR", header),
    pngChunk("IDAT", deflateSync(rows)),
    pngChunk("IEND", Buffer.alloc(0)),
  ]);
}

/** A real baseline JPEG from the maintained `jpeg-js` encoder, with a comment segment before the frame. */
export function jpegImage(width: number, height: number, quality = 80): Buffer {
  return encodeJpeg({ width, height, data: rgba(width, height), comments: ["marketplace test"] }, quality)
    .data;
}

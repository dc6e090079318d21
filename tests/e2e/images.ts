import jpeg from "jpeg-js";
import { PNG } from "pngjs";

/** Real PNG bytes of the given size (a gradient, so the encoder has something to compress). */
export function pngBytes(width: number, height: number): Buffer {
  const png = new PNG({ width, height });
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (width * y + x) << 2;
      png.data[i] = x % 256;
      png.data[i + 1] = y % 256;
      png.data[i + 2] = (x + y) % 256;
      png.data[i + 3] = 255;
    }
  }
  return PNG.sync.write(png);
}

/** Real baseline JPEG bytes of the given size. */
export function jpegBytes(width: number, height: number): Buffer {
  const data = Buffer.alloc(width * height * 4);
  for (let i = 0; i < data.length; i += 4) {
    data[i] = (i / 4) % 256;
    data[i + 1] = 128;
    data[i + 2] = 64;
    data[i + 3] = 255;
  }
  return jpeg.encode({ data, width, height }, 80).data;
}

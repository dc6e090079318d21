import type { AssetMimeType } from "./asset";

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG_SIGNATURE = [0xff, 0xd8, 0xff];

/**
 * The type an object's first bytes announce, whatever the uploader declared: the Content-Type of the PUT
 * is the client's word, the magic bytes are the file's. Only the accepted types are recognised.
 */
export function sniffMimeType(head: Uint8Array): AssetMimeType | undefined {
  const startsWith = (signature: number[]) =>
    head.length >= signature.length && signature.every((byte, i) => head[i] === byte);
  if (startsWith(PNG_SIGNATURE)) return "image/png";
  if (startsWith(JPEG_SIGNATURE)) return "image/jpeg";
  return undefined;
}

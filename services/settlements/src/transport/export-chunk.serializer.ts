import type * as grpc from "@grpc/grpc-js";
import { withHeaderInPlace } from "../infra/chunk-pool";

/** `ExportChunk.data` is field 1, length-delimited: tag (1 << 3) | 2. */
const DATA_TAG = 0x0a;

function varintLength(n: number): number {
  let length = 1;
  while (n >= 0x80) {
    n = Math.floor(n / 0x80);
    length += 1;
  }
  return length;
}

/**
 * `ExportStatement`'s response serializer: the protobuf encoding of `ExportChunk { data }` (tag, length,
 * bytes), as protobufjs writes it. A chunk from a `ChunkPool` (the CSV's) is not copied: its tag and length
 * are written into the spare bytes in front of it and the chunk itself is returned, which grpc-js copies
 * at once into the message's frame; the chunk then goes back to its pool. Anything else (the CSV's first
 * and last chunks, the PDF's) goes to protobufjs' serializer, `fallback`.
 */
export function exportChunkSerializer(
  fallback: grpc.serialize<{ data: Uint8Array }>,
): grpc.serialize<{ data: Uint8Array }> {
  return (message) => {
    const data = message.data;
    const header = 1 + varintLength(data.length);
    const out = data instanceof Uint8Array ? withHeaderInPlace(data, header) : undefined;
    if (!out) return fallback(message);
    out[0] = DATA_TAG;
    let at = 1;
    let n = data.length;
    while (n >= 0x80) {
      out[at++] = (n & 0x7f) | 0x80;
      n = Math.floor(n / 0x80);
    }
    out[at] = n;
    return out;
  };
}

/** `definition` with `method`'s response serializer replaced by `exportChunkSerializer` of it (a copy). */
export function withExportChunkSerializer(
  definition: grpc.ServiceDefinition,
  method: string,
): grpc.ServiceDefinition {
  const original = definition[method];
  if (!original?.responseStream) throw new Error(`${method} is not a server-streaming method`);
  return {
    ...definition,
    [method]: { ...original, responseSerialize: exportChunkSerializer(original.responseSerialize) },
  };
}

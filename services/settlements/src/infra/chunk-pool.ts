/**
 * Reused buffers for a stream of chunks that are copied on their way out. A chunk the export hands to gRPC
 * is dead as soon as grpc-js has framed it (it copies every message into a frame of its own), but Node
 * frees a buffer only when a scavenge finds it unreferenced: a fresh buffer per chunk leaves tens of them
 * resident between two scavenges. A pool's chunks instead go back to it once sent (`withHeaderInPlace`), so an
 * export allocates only as many as are in flight at once.
 *
 * Each chunk has `HEADROOM` spare bytes in front of it, so a transport can write a short header (a
 * protobuf field's tag and length) in place instead of copying the chunk behind it.
 */

/** Spare bytes in front of each pooled chunk: a protobuf tag and a length below 2^35 need at most 6. */
export const HEADROOM = 8;

/** The pool and lending state of every pooled chunk's memory. */
const owners = new WeakMap<ArrayBuffer, ChunkPool>();

export class ChunkPool {
  private readonly free: ArrayBuffer[] = [];
  private readonly lent = new Set<ArrayBuffer>();

  constructor(readonly chunkBytes: number) {}

  /** A chunk of `chunkBytes` bytes (contents undefined), lent until it is sent with `withHeaderInPlace`. */
  take(): Buffer {
    let memory = this.free.pop();
    if (!memory) {
      memory = new ArrayBuffer(HEADROOM + this.chunkBytes);
      owners.set(memory, this);
    }
    this.lent.add(memory);
    return Buffer.from(memory, HEADROOM, this.chunkBytes);
  }

  isLent(memory: ArrayBuffer): boolean {
    return this.lent.has(memory);
  }

  /** Takes a lent chunk's memory back (once; a chunk never lent or already back is ignored). */
  giveBack(memory: ArrayBuffer): void {
    if (this.lent.delete(memory)) this.free.push(memory);
  }
}

/**
 * For `data` that starts where a lent pooled chunk starts: `header` bytes of its headroom followed by `data`
 * (the caller writes the header there), and the chunk goes back to its pool once the current synchronous
 * code has run (a microtask): the caller must have copied the view by then. `undefined` for any other
 * buffer (or a header longer than the headroom): the caller copies as usual.
 */
export function withHeaderInPlace(data: Uint8Array, header: number): Buffer | undefined {
  const memory = data.buffer;
  if (!(memory instanceof ArrayBuffer) || data.byteOffset !== HEADROOM || header > HEADROOM) return undefined;
  const pool = owners.get(memory);
  if (!pool?.isLent(memory)) return undefined;
  queueMicrotask(() => pool.giveBack(memory));
  return Buffer.from(memory, HEADROOM - header, header + data.length);
}

import { pipeline, type Readable, Transform } from "node:stream";
import { CopyFailure } from "../domain/copy-job";

/**
 * `body` passed through unchanged until more than `maxBytes` have arrived; then the returned stream fails
 * with `CopyFailure("too-large")` and `body` is destroyed, which aborts the download (its connection
 * closes) instead of reading a binary of any size to its end. Whoever consumes the returned stream sees
 * the failure; destroying the returned stream destroys `body` too.
 */
export function limitBytes(body: Readable, maxBytes: number): Readable {
  let seen = 0;
  const limiter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      seen += chunk.length;
      if (seen > maxBytes)
        return callback(new CopyFailure("too-large", `the download ran past ${maxBytes} bytes`));
      callback(null, chunk);
    },
  });
  // The callback only keeps an error from going unhandled; it reaches the consumer through `limiter`.
  pipeline(body, limiter, () => {});
  return limiter;
}

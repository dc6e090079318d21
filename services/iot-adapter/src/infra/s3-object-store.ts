import { createHash } from "node:crypto";
import { PassThrough, type Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import { crc32 } from "node:zlib";
import { DeleteObjectCommand, S3Client } from "@aws-sdk/client-s3";
import { Upload } from "@aws-sdk/lib-storage";
import type { ObjectStore } from "../application/ports";
import type { Measured } from "../domain/copy-job";

export interface S3Settings {
  S3_ENDPOINT: string;
  S3_REGION: string;
  S3_ACCESS_KEY_ID: string;
  S3_SECRET_ACCESS_KEY: string;
  S3_BUCKET: string;
}

export function createS3Client(config: S3Settings): S3Client {
  return new S3Client({
    endpoint: config.S3_ENDPOINT,
    region: config.S3_REGION,
    forcePathStyle: true,
    credentials: { accessKeyId: config.S3_ACCESS_KEY_ID, secretAccessKey: config.S3_SECRET_ACCESS_KEY },
  });
}

/**
 * Measures a stream as it passes: length, CRC32 (incremental `zlib.crc32`) and sha256 of exactly the bytes
 * that went through, so the numbers describe what was stored, not what was announced.
 */
export function createMeter(): { stream: Transform; result: () => Measured } {
  const sha = createHash("sha256");
  let crc = 0;
  let size = 0;
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      crc = crc32(chunk, crc);
      sha.update(chunk);
      size += chunk.length;
      callback(null, chunk);
    },
  });
  return { stream, result: () => ({ sizeBytes: size, crc32: crc >>> 0, sha256: sha.digest("hex") }) };
}

/**
 * The marketplace bucket through the AWS SDK. Uploads stream through `@aws-sdk/lib-storage` (multipart for
 * large bodies, one PUT for small ones), so a binary is never held whole in memory.
 */
export function makeS3ObjectStore(client: S3Client, bucket: string): ObjectStore {
  return {
    async putMeasured(key: string, body: Readable, signal?: AbortSignal) {
      const meter = createMeter();
      const out = new PassThrough();
      const upload = new Upload({
        client,
        params: { Bucket: bucket, Key: key, Body: out, ContentType: "application/octet-stream" },
        abortController: signal ? abortControllerFor(signal) : undefined,
      });
      try {
        await Promise.all([pipeline(body, meter.stream, out, { signal }), upload.done()]);
      } catch (error) {
        // A failed upload stops reading; end the download too instead of leaving it to its timeout.
        body.destroy();
        out.destroy();
        throw error;
      }
      return meter.result();
    },
    async delete(key: string) {
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
    },
  };
}

function abortControllerFor(signal: AbortSignal): AbortController {
  const controller = new AbortController();
  if (signal.aborted) controller.abort(signal.reason);
  else signal.addEventListener("abort", () => controller.abort(signal.reason), { once: true });
  return controller;
}

import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
} from "@aws-sdk/client-s3";
import { getSignedUrl } from "@aws-sdk/s3-request-presigner";
import type { ObjectStore } from "../application/ports";
import type { ObjectFacts } from "../domain/asset";
import { readImageFacts } from "./image-header";

export interface ObjectStoreConfig {
  S3_ENDPOINT: string;
  S3_PUBLIC_ENDPOINT?: string | undefined;
  S3_REGION: string;
  S3_ACCESS_KEY_ID: string;
  S3_SECRET_ACCESS_KEY: string;
  S3_BUCKET: string;
}

/** An S3 client for one endpoint; timeouts so a hung store fails a call instead of holding it forever. */
function s3Client(config: ObjectStoreConfig, endpoint: string): S3Client {
  return new S3Client({
    endpoint,
    region: config.S3_REGION,
    forcePathStyle: true,
    credentials: { accessKeyId: config.S3_ACCESS_KEY_ID, secretAccessKey: config.S3_SECRET_ACCESS_KEY },
    requestHandler: { connectionTimeout: 3_000, requestTimeout: 15_000 },
    // Checksums only where S3 requires them: otherwise presigned PUTs carry the checksum of an empty body,
    // which real S3 then enforces against the uploaded file, and S3-compatible stores lack the headers.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });
}

const isNotFound = (error: unknown): boolean => {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === "NotFound" || e?.name === "NoSuchKey" || e?.$metadata?.httpStatusCode === 404;
};

const isPreconditionFailed = (error: unknown): boolean => {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === "PreconditionFailed" || e?.$metadata?.httpStatusCode === 412;
};

/**
 * Object storage over the S3 API. Presigned URLs go to clients, so they are signed for
 * `S3_PUBLIC_ENDPOINT` when set (the address clients reach, e.g. behind an ingress) and for `S3_ENDPOINT`
 * otherwise; every call the service makes itself uses `S3_ENDPOINT`.
 */
export function makeS3ObjectStore(config: ObjectStoreConfig): ObjectStore & { close(): void } {
  const client = s3Client(config, config.S3_ENDPOINT);
  const signer = config.S3_PUBLIC_ENDPOINT ? s3Client(config, config.S3_PUBLIC_ENDPOINT) : client;
  const Bucket = config.S3_BUCKET;

  return {
    presignPut: (key, contentType, signedAt, expiresIn) =>
      // The presigner leaves Content-Type unsigned by default; naming it signable binds the URL to it.
      getSignedUrl(signer, new PutObjectCommand({ Bucket, Key: key, ContentType: contentType }), {
        expiresIn,
        signingDate: signedAt,
        signableHeaders: new Set(["content-type"]),
      }),

    presignGet: (key, signedAt, expiresIn) =>
      getSignedUrl(signer, new GetObjectCommand({ Bucket, Key: key }), { expiresIn, signingDate: signedAt }),

    async head(key) {
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket, Key: key }));
        return { exists: true, sizeBytes: head.ContentLength ?? 0, etag: head.ETag };
      } catch (error) {
        if (isNotFound(error)) return { exists: false };
        throw error;
      }
    },

    async copy(from, to, ifMatch) {
      try {
        await client.send(
          new CopyObjectCommand({
            Bucket,
            Key: to,
            CopySource: `${Bucket}/${from.split("/").map(encodeURIComponent).join("/")}`,
            // S3 and MinIO honour it (s3rver ignores it): the copy is of the version that was measured.
            CopySourceIfMatch: ifMatch,
          }),
        );
        return "copied";
      } catch (error) {
        if (isNotFound(error)) return "missing";
        if (isPreconditionFailed(error)) return "changed";
        throw error;
      }
    },

    async inspect(key, maxBytes): Promise<ObjectFacts> {
      let sizeBytes: number;
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket, Key: key }));
        sizeBytes = head.ContentLength ?? 0;
      } catch (error) {
        if (isNotFound(error)) return { exists: false };
        throw error;
      }
      // Never more than the type's limit: an oversized object is rejected on its size anyway, and its
      // header (at the start) is still read so every other failed check is reported too.
      const length = Math.min(sizeBytes, maxBytes);
      if (length === 0) return readImageFacts(new Uint8Array(), sizeBytes);
      const object = await client.send(
        new GetObjectCommand({ Bucket, Key: key, Range: `bytes=0-${length - 1}` }),
      );
      const bytes = (await object.Body?.transformToByteArray()) ?? new Uint8Array();
      return readImageFacts(bytes, sizeBytes);
    },

    async delete(...keys) {
      // One call per key: a batch DeleteObjects needs a Content-MD5 some S3-compatible stores insist on.
      await Promise.all(keys.map((Key) => client.send(new DeleteObjectCommand({ Bucket, Key }))));
    },

    close() {
      client.destroy();
      if (signer !== client) signer.destroy();
    },
  };
}

import { GetObjectCommand, S3Client } from "@aws-sdk/client-s3";
import { getSignedUrl } from "@aws-sdk/s3-request-presigner";

/** Presigns GETs of objects in the bucket. */
export interface ObjectUrlSigner {
  presignGet(objectKey: string): Promise<string>;
}

export interface UrlSignerConfig {
  S3_ENDPOINT: string;
  S3_PUBLIC_ENDPOINT?: string | undefined;
  S3_REGION: string;
  S3_ACCESS_KEY_ID: string;
  S3_SECRET_ACCESS_KEY: string;
  S3_BUCKET: string;
}

/**
 * Presigned GETs (the catalogue's icons and gallery images, purchases' release downloads). Signing is a local computation with the credentials: the
 * client never sends a request. URLs are signed for `S3_PUBLIC_ENDPOINT` when set (the address clients
 * reach), as the assets service does, and live `expiresInSeconds`.
 */
export function makeS3UrlSigner(
  config: UrlSignerConfig,
  expiresInSeconds: number,
  clock: { now(): Date } = { now: () => new Date() },
): ObjectUrlSigner & { close(): void } {
  const client = new S3Client({
    endpoint: config.S3_PUBLIC_ENDPOINT ?? config.S3_ENDPOINT,
    region: config.S3_REGION,
    forcePathStyle: true,
    credentials: { accessKeyId: config.S3_ACCESS_KEY_ID, secretAccessKey: config.S3_SECRET_ACCESS_KEY },
  });
  return {
    presignGet: (objectKey) =>
      getSignedUrl(client, new GetObjectCommand({ Bucket: config.S3_BUCKET, Key: objectKey }), {
        expiresIn: expiresInSeconds,
        signingDate: clock.now(),
      }),
    close: () => client.destroy(),
  };
}

import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Started } from "./postgres";
import { freePort } from "./probe";

export interface S3Endpoint {
  endpoint: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  bucket: string;
  forcePathStyle: true;
}

/** Credentials s3rver accepts; any S3-compatible store configured through S3_* replaces them. */
const S3RVER_KEY = "S3RVER";

/**
 * Find an S3-compatible store: S3_ENDPOINT (with S3_ACCESS_KEY_ID / S3_SECRET_ACCESS_KEY / S3_BUCKET), else
 * start s3rver (a pure-JS S3 implementation from npm) on a free port with its own directory. Both are
 * reached through the real AWS SDK and real presigned URLs.
 */
export async function findOrStartS3(
  options: { port?: number; dir?: string; bucket?: string; env?: Record<string, string | undefined> } = {},
): Promise<Started & { s3: S3Endpoint }> {
  const env = options.env ?? process.env;
  const bucket = options.bucket ?? env.S3_BUCKET ?? "marketplace";
  if (env.S3_ENDPOINT) {
    const s3: S3Endpoint = {
      endpoint: env.S3_ENDPOINT,
      region: env.S3_REGION ?? "us-east-1",
      accessKeyId: env.S3_ACCESS_KEY_ID ?? S3RVER_KEY,
      secretAccessKey: env.S3_SECRET_ACCESS_KEY ?? S3RVER_KEY,
      bucket,
      forcePathStyle: true,
    };
    await ensureBucket(s3);
    return { url: s3.endpoint, source: "env", stop: async () => {}, s3 };
  }
  return startS3rver({ ...options, bucket });
}

/** Start s3rver (a pure-JS S3 implementation from npm) on a free or given port with its own directory. */
export async function startS3rver(
  options: { port?: number; dir?: string; bucket?: string } = {},
): Promise<Started & { s3: S3Endpoint }> {
  const bucket = options.bucket ?? "marketplace";
  const { default: S3rver } = await import("s3rver");
  const port = options.port ?? (await freePort());
  const dir = options.dir ?? (await mkdtemp(join(tmpdir(), "mp-s3-")));
  const server = new S3rver({ port, address: "127.0.0.1", silent: true, directory: dir });
  await server.run();
  const s3: S3Endpoint = {
    endpoint: `http://127.0.0.1:${port}`,
    region: "us-east-1",
    accessKeyId: S3RVER_KEY,
    secretAccessKey: S3RVER_KEY,
    bucket,
    forcePathStyle: true,
  };
  await ensureBucket(s3);
  return {
    url: s3.endpoint,
    source: "started",
    s3,
    stop: async () => {
      await server.close();
      if (!options.dir) await rm(dir, { recursive: true, force: true });
    },
  };
}

export async function ensureBucket(s3: S3Endpoint): Promise<void> {
  const { S3Client, CreateBucketCommand, HeadBucketCommand } = await import("@aws-sdk/client-s3");
  const client = new S3Client({
    endpoint: s3.endpoint,
    region: s3.region,
    forcePathStyle: true,
    credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
  });
  try {
    await client.send(new HeadBucketCommand({ Bucket: s3.bucket }));
  } catch {
    await client.send(new CreateBucketCommand({ Bucket: s3.bucket }));
  } finally {
    client.destroy();
  }
}

/** The `S3_*` keys a service reads, pointing at `s3`. */
export function s3EnvOf(s3: S3Endpoint): Record<string, string> {
  return {
    S3_ENDPOINT: s3.endpoint,
    S3_REGION: s3.region,
    S3_ACCESS_KEY_ID: s3.accessKeyId,
    S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
    S3_BUCKET: s3.bucket,
  };
}

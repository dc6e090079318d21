import type { S3Endpoint } from "../testing-infra";

/**
 * Lets a browser PUT to the bucket's presigned upload addresses and read its presigned GETs from any
 * origin: the web console (served by the gateway, another origin than the store) uploads icons and
 * gallery images straight to the store, as the asset flow intends. Local stores only; a real bucket gets
 * its CORS rules from its deployment (the console's origin, not `*`).
 */
export async function allowBrowserUploads(s3: S3Endpoint): Promise<void> {
  const { S3Client, PutBucketCorsCommand } = await import("@aws-sdk/client-s3");
  const client = new S3Client({
    endpoint: s3.endpoint,
    region: s3.region,
    forcePathStyle: true,
    credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
  });
  try {
    await client.send(
      new PutBucketCorsCommand({
        Bucket: s3.bucket,
        CORSConfiguration: {
          CORSRules: [
            {
              AllowedOrigins: ["*"],
              AllowedMethods: ["PUT", "GET", "HEAD"],
              AllowedHeaders: ["*"],
              ExposeHeaders: ["ETag"],
              MaxAgeSeconds: 600,
            },
          ],
        },
      }),
    );
  } finally {
    client.destroy();
  }
}

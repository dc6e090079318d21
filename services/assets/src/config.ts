import { s3Env, z } from "@mp/config";

/**
 * Assets are uploaded straight to object storage through presigned URLs and validated from there.
 * `S3_PUBLIC_ENDPOINT` (optional) is the object store's address as clients reach it, when it differs
 * from `S3_ENDPOINT` (the address the service uses, e.g. an in-cluster name): presigned URLs handed to
 * clients are signed for it, since a signature covers the host. Unset, clients get `S3_ENDPOINT` URLs.
 */
export const assetsConfig = z.object({ ...s3Env, S3_PUBLIC_ENDPOINT: z.url().optional() });

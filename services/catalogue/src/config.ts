import { s3Env, z } from "@mp/config";

/**
 * Keys the catalogue service reads beyond the common ones (database, NATS, gRPC port, logging): the object
 * store's credentials, to presign GETs of item icons and images (signing is local; the catalogue never
 * calls the store). `S3_PUBLIC_ENDPOINT`, as for the assets service, is the address clients reach when it
 * differs from `S3_ENDPOINT`. `CATALOGUE_ASSET_URL_TTL_SECONDS` is how long those urls live.
 */
export const catalogueConfig = z.object({
  ...s3Env,
  S3_PUBLIC_ENDPOINT: z.url().optional(),
  CATALOGUE_ASSET_URL_TTL_SECONDS: z.coerce.number().int().min(60).max(3600).default(300),
});

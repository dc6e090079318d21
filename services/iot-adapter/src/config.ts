import { s3Env, z } from "@mp/config";

/**
 * The adapter is the only process with the marketplace's credential for the Infuse-IoT platform; it also
 * copies release binaries into object storage.
 */
export const iotAdapterConfig = z.object({
  ...s3Env,
  INFUSE_API_URL: z.url(),
  INFUSE_API_KEY: z.string().min(1),
});

import { s3Env, z } from "@mp/config";

/** Assets are uploaded straight to object storage through presigned URLs and validated from there. */
export const assetsConfig = z.object({ ...s3Env });

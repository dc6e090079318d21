import { s3Env, z } from "@mp/config";

/** Purchases issue presigned downloads of release binaries kept in object storage. */
export const purchasesConfig = z.object({ ...s3Env });

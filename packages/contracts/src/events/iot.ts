import { z } from "zod";
import { onlyVersion } from "./versions";

/*
 * Copy outcomes belong to the copy job (one per requester and correlation id). A job reports exactly one
 * outcome, stored or failed, and never changes afterwards: `version` is 1.
 */

/** `iot.release.stored.v1`: a release binary is in object storage, verified against the platform. */
export const releaseStoredV1 = {
  type: "iot.release.stored.v1",
  stream: "IOT",
  data: z.object({
    jobId: z.uuid(),
    /** The requester's id for the copy (publishing: the item release id). */
    correlationId: z.string(),
    organisationId: z.uuid(),
    applicationId: z.number().int(),
    releaseId: z.string(),
    objectKey: z.string(),
    sizeBytes: z.number().int().nonnegative(),
    crc32: z.number().int().nonnegative(),
    sha256: z.string().regex(/^[0-9a-f]{64}$/),
    storedAt: z.iso.datetime(),
    version: onlyVersion,
  }),
} as const;
export type ReleaseStoredV1 = z.infer<typeof releaseStoredV1.data>;

/** `iot.release.copy-failed.v1`: the copy gave up (not found, verification mismatch, retries exhausted). */
export const releaseCopyFailedV1 = {
  type: "iot.release.copy-failed.v1",
  stream: "IOT",
  data: z.object({
    jobId: z.uuid(),
    correlationId: z.string(),
    organisationId: z.uuid(),
    applicationId: z.number().int(),
    releaseId: z.string(),
    reason: z.string(),
    failedAt: z.iso.datetime(),
    version: onlyVersion,
  }),
} as const;
export type ReleaseCopyFailedV1 = z.infer<typeof releaseCopyFailedV1.data>;

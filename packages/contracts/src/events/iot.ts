import { z } from "zod";
import { aggregateVersion, onlyVersion } from "./versions";

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

/** Where an install stands, following the IoT platform's update and RPC records. */
export const INSTALL_STATUSES = [
  "queued",
  "sent",
  "succeeded",
  "failed",
  "cancelled",
  "expired",
  "already_installed",
] as const;
export type InstallStatus = (typeof INSTALL_STATUSES)[number];

/**
 * `iot.install.status-changed.v1`: an application update the adapter queued for an install moved on the
 * platform. One aggregate per install (`installId`, the requester's id): `version` is 1 when the update is
 * queued and +1 per change the adapter sees, so a consumer applies it only when newer. `rpcId` is the
 * platform's update id (stable from queue time); `detail` carries the platform's `lastError` on failure.
 */
export const installStatusChangedV1 = {
  type: "iot.install.status-changed.v1",
  stream: "IOT",
  data: z.object({
    installId: z.uuid(),
    rpcId: z.string(),
    organisationId: z.uuid(),
    deviceId: z.string(),
    releaseId: z.string(),
    status: z.enum(INSTALL_STATUSES),
    detail: z.string().nullable(),
    attemptCount: z.number().int().nonnegative(),
    changedAt: z.iso.datetime(),
    version: aggregateVersion,
  }),
} as const;
export type InstallStatusChangedV1 = z.infer<typeof installStatusChangedV1.data>;

import { isGuid } from "@mp/ids";

/** queued (waiting or between attempts) -> stored | failed; both ends are final. */
export type CopyJobStatus = "queued" | "stored" | "failed";

/** A request to copy one release binary into object storage, idempotent per (organisation, correlation id). */
export interface CopyJob {
  id: string;
  organisationId: string;
  applicationId: number;
  releaseId: string;
  /** Derived by the adapter (`releaseObjectKey`), never taken from a request. */
  objectKey: string;
  /** The item release id the copy is for (echoed as `correlationId` in events). */
  correlationId: string;
  status: CopyJobStatus;
  attempts: number;
  /** A `CopyFailureCode` once failed, a `CopyRetryCode` between attempts; never raw error text. */
  lastError: string | null;
  /** Length and CRC32 the platform advertises for the release; the stored object must match both. */
  sizeBytes: number;
  crc32: number;
  /** Set once stored. */
  sha256: string | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface Measured {
  sizeBytes: number;
  crc32: number;
  sha256: string;
}

/**
 * Why a copy failed for good: a fixed code, stored on the job and sent in `iot.release.copy-failed.v1`,
 * so nothing a user reads ever carries raw exception text (that goes to the logs).
 * - `not-found`: the platform no longer has the release binary;
 * - `size-mismatch` / `checksum-mismatch`: the stored bytes are not the advertised length / CRC32;
 * - `too-large`: the download ran past the advertised length and was cut off;
 * - `upstream-unavailable`: the platform answered in a way a retry will not change (e.g. a redirect);
 * - `retries-exhausted`: transient failures until the attempts ran out.
 */
export const COPY_FAILURE_CODES = [
  "not-found",
  "size-mismatch",
  "checksum-mismatch",
  "too-large",
  "upstream-unavailable",
  "retries-exhausted",
] as const;
export type CopyFailureCode = (typeof COPY_FAILURE_CODES)[number];

/**
 * Why the last attempt of a still queued job failed (kept in `last_error` until the next attempt):
 * the platform was unavailable, the object store (or anything else) failed, or the service stopped.
 */
export type CopyRetryCode = "upstream-unavailable" | "storage-error" | "interrupted";

/** A failure that ends a job at once with `code`; `message` is detail for the logs only. */
export class CopyFailure extends Error {
  constructor(
    readonly code: CopyFailureCode,
    detail: string,
    options?: { cause?: unknown },
  ) {
    super(detail, options);
    this.name = "CopyFailure";
  }
}

export { isGuid };

/**
 * Where a release binary is stored: under the owning organisation (always the verified caller's, never a
 * request field) and named by the item release it was copied for. Both parts must be guids, so a key can
 * never climb out of its organisation's prefix, and two organisations can never name the same object.
 */
export function releaseObjectKey(organisationId: string, itemReleaseId: string): string {
  if (!isGuid(organisationId) || !isGuid(itemReleaseId))
    throw new Error("release object keys are built from guids only");
  return `orgs/${organisationId.toLowerCase()}/item-releases/${itemReleaseId.toLowerCase()}.bin`;
}

/**
 * The stored bytes must be exactly the platform's: same length and same CRC32. A mismatch is final (the
 * platform would serve the same bytes again), so it is never retried. `detail` is for the logs.
 */
export function verifyCopy(
  expected: { sizeBytes: number; crc32: number },
  actual: Measured,
): { code: "size-mismatch" | "checksum-mismatch"; detail: string } | undefined {
  if (actual.sizeBytes !== expected.sizeBytes)
    return {
      code: "size-mismatch",
      detail: `platform advertises ${expected.sizeBytes} bytes, downloaded ${actual.sizeBytes}`,
    };
  if (actual.crc32 >>> 0 !== expected.crc32 >>> 0)
    return {
      code: "checksum-mismatch",
      detail: `platform advertises CRC32 ${hex(expected.crc32)}, downloaded ${hex(actual.crc32)}`,
    };
  return undefined;
}

const hex = (n: number) => `0x${(n >>> 0).toString(16).padStart(8, "0")}`;

/** After a failed attempt: try again later while attempts remain and the failure may pass, else give up. */
export function afterFailure(attempts: number, maxAttempts: number, transient: boolean): "retry" | "fail" {
  return transient && attempts < maxAttempts ? "retry" : "fail";
}

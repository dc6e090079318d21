/** queued (waiting or between attempts) -> stored | failed; both ends are final. */
export type CopyJobStatus = "queued" | "stored" | "failed";

/** A request to copy one release binary into object storage, idempotent per (organisation, correlation id). */
export interface CopyJob {
  id: string;
  organisationId: string;
  applicationId: number;
  releaseId: string;
  objectKey: string;
  correlationId: string;
  status: CopyJobStatus;
  attempts: number;
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
 * The stored bytes must be exactly the platform's: same length and same CRC32. A mismatch is final (the
 * platform would serve the same bytes again), so it is never retried.
 */
export function verifyCopy(
  expected: { sizeBytes: number; crc32: number },
  actual: Measured,
): string | undefined {
  if (actual.sizeBytes !== expected.sizeBytes)
    return `length mismatch: platform advertises ${expected.sizeBytes} bytes, downloaded ${actual.sizeBytes}`;
  if (actual.crc32 >>> 0 !== expected.crc32 >>> 0)
    return `CRC32 mismatch: platform advertises ${hex(expected.crc32)}, downloaded ${hex(actual.crc32)}`;
  return undefined;
}

const hex = (n: number) => `0x${(n >>> 0).toString(16).padStart(8, "0")}`;

/** After a failed attempt: try again later while attempts remain and the failure may pass, else give up. */
export function afterFailure(attempts: number, maxAttempts: number, transient: boolean): "retry" | "fail" {
  return transient && attempts < maxAttempts ? "retry" : "fail";
}

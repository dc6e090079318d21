import { newEvent } from "@mp/bus";
import {
  type ReleaseCopyFailedV1,
  type ReleaseStoredV1,
  releaseCopyFailedV1,
  releaseStoredV1,
} from "@mp/contracts";
import { AppError } from "@mp/errors";
import type { Logger } from "@mp/logger";
import {
  afterFailure,
  CopyFailure,
  type CopyFailureCode,
  type CopyJob,
  type CopyRetryCode,
  verifyCopy,
} from "../domain/copy-job";
import type { Clock, CopyJobRepository, IotPlatform, ObjectStore, UnitOfWork } from "./ports";

export interface CopyRetryPolicy {
  maxAttempts: number;
  /** Delay before the next attempt, given the attempts made so far. */
  delayMs: (attempts: number) => number;
}

/**
 * What a failed attempt means: a fixed code, and whether another attempt could succeed. A missing binary,
 * an oversized download and a refused redirect are final; the platform or the store being down passes.
 */
function classify(error: unknown): { final: CopyFailureCode } | { transient: CopyRetryCode } {
  if (error instanceof CopyFailure) return { final: error.code };
  if (error instanceof AppError && error.code === "not-found") return { final: "not-found" };
  if (error instanceof AppError && error.code === "upstream-unavailable")
    return { transient: "upstream-unavailable" };
  return { transient: "storage-error" };
}

/**
 * One attempt at a claimed job: download (cut off past the advertised length), stream into the bucket
 * while measuring, verify against the platform's length and CRC32. Stored: mark and emit
 * `iot.release.stored.v1` in one transaction. A verification mismatch, a not-found release, an oversized
 * download or a refused redirect fails at once (the object is deleted); transient failures are retried
 * later until the attempts run out, then fail with `iot.release.copy-failed.v1`. Reasons stored and sent
 * are fixed codes; the error itself is logged.
 */
export function makeRunCopyJob(deps: {
  platform: IotPlatform;
  store: ObjectStore;
  jobs: CopyJobRepository;
  unitOfWork: UnitOfWork;
  clock: Clock;
  retry: CopyRetryPolicy;
  logger: Logger;
}) {
  const fail = async (job: CopyJob, reason: CopyFailureCode, cause: unknown) => {
    const now = deps.clock.now();
    const data: ReleaseCopyFailedV1 = {
      jobId: job.id,
      correlationId: job.correlationId,
      organisationId: job.organisationId,
      applicationId: job.applicationId,
      releaseId: job.releaseId,
      reason,
      failedAt: now.toISOString(),
      version: 1,
    };
    const marked = await deps.unitOfWork.run(async (tx, emit) => {
      if (!(await deps.jobs.markFailed(tx, job.id, reason, now))) return false;
      await emit(
        newEvent(releaseCopyFailedV1.type, "iot-adapter", releaseCopyFailedV1.data.parse(data), now),
      );
      return true;
    });
    deps.logger.warn({ jobId: job.id, reason, err: cause }, "release copy failed");
    // A failed attempt may have left a partial or unverified object; it never stays in the bucket. Only
    // when this attempt decided the job: a stale attempt must not delete a copy another worker stored.
    if (marked)
      await deps.store.delete(job.objectKey).catch((error: unknown) => {
        deps.logger.warn({ jobId: job.id, err: error }, "could not delete a failed copy's object");
      });
  };

  return async (job: CopyJob, signal?: AbortSignal): Promise<void> => {
    let measured: Awaited<ReturnType<ObjectStore["putMeasured"]>>;
    try {
      const body = await deps.platform.downloadRelease(job.releaseId, job.sizeBytes, signal);
      measured = await deps.store.putMeasured(job.objectKey, body, signal);
    } catch (error) {
      if (signal?.aborted) return deps.jobs.scheduleRetry(job.id, "interrupted", 0);
      const verdict = classify(error);
      if ("final" in verdict) return fail(job, verdict.final, error);
      if (afterFailure(job.attempts, deps.retry.maxAttempts, true) === "fail")
        return fail(job, "retries-exhausted", error);
      const delay = deps.retry.delayMs(job.attempts);
      deps.logger.info(
        { jobId: job.id, attempts: job.attempts, delay, reason: verdict.transient, err: error },
        "release copy will retry",
      );
      return deps.jobs.scheduleRetry(job.id, verdict.transient, delay);
    }

    const mismatch = verifyCopy(job, measured);
    if (mismatch) return fail(job, mismatch.code, new Error(mismatch.detail));
    const now = deps.clock.now();
    const data: ReleaseStoredV1 = {
      jobId: job.id,
      correlationId: job.correlationId,
      organisationId: job.organisationId,
      applicationId: job.applicationId,
      releaseId: job.releaseId,
      objectKey: job.objectKey,
      sizeBytes: measured.sizeBytes,
      crc32: measured.crc32,
      sha256: measured.sha256,
      storedAt: now.toISOString(),
      version: 1,
    };
    await deps.unitOfWork.run(async (tx, emit) => {
      if (!(await deps.jobs.markStored(tx, job.id, measured, now))) return;
      await emit(newEvent(releaseStoredV1.type, "iot-adapter", releaseStoredV1.data.parse(data), now));
    });
    deps.logger.info({ jobId: job.id, objectKey: job.objectKey }, "release binary stored");
  };
}

import { newEvent } from "@mp/bus";
import {
  type ReleaseCopyFailedV1,
  type ReleaseStoredV1,
  releaseCopyFailedV1,
  releaseStoredV1,
} from "@mp/contracts";
import { AppError } from "@mp/errors";
import type { Logger } from "@mp/logger";
import { afterFailure, type CopyJob, verifyCopy } from "../domain/copy-job";
import type { Clock, CopyJobRepository, IotPlatform, ObjectStore, UnitOfWork } from "./ports";

export interface CopyRetryPolicy {
  maxAttempts: number;
  /** Delay before the next attempt, given the attempts made so far. */
  delayMs: (attempts: number) => number;
}

/**
 * One attempt at a claimed job: download, stream into the bucket while measuring, verify against the
 * platform's length and CRC32. Stored: mark and emit `iot.release.stored.v1` in one transaction. A
 * verification mismatch or a not-found release fails at once (the object is deleted); transient failures
 * are retried later until the attempts run out, then fail with `iot.release.copy-failed.v1`.
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
  const fail = async (job: CopyJob, reason: string) => {
    const now = deps.clock.now();
    const data: ReleaseCopyFailedV1 = {
      jobId: job.id,
      correlationId: job.correlationId,
      organisationId: job.organisationId,
      applicationId: job.applicationId,
      releaseId: job.releaseId,
      reason,
      failedAt: now.toISOString(),
    };
    await deps.unitOfWork.run(async (tx, emit) => {
      if (!(await deps.jobs.markFailed(tx, job.id, reason, now))) return;
      await emit(
        newEvent(releaseCopyFailedV1.type, "iot-adapter", releaseCopyFailedV1.data.parse(data), now),
      );
    });
    deps.logger.warn({ jobId: job.id, reason }, "release copy failed");
  };

  return async (job: CopyJob, signal?: AbortSignal): Promise<void> => {
    let measured: Awaited<ReturnType<ObjectStore["putMeasured"]>>;
    try {
      const body = await deps.platform.downloadRelease(job.releaseId, signal);
      measured = await deps.store.putMeasured(job.objectKey, body, signal);
    } catch (error) {
      const permanent = error instanceof AppError && error.code === "not-found";
      const reason = error instanceof Error ? error.message : String(error);
      if (signal?.aborted) return deps.jobs.scheduleRetry(job.id, "interrupted by shutdown", 0);
      if (afterFailure(job.attempts, deps.retry.maxAttempts, !permanent) === "fail")
        return fail(job, permanent ? reason : `gave up after ${job.attempts} attempts: ${reason}`);
      const delay = deps.retry.delayMs(job.attempts);
      deps.logger.info(
        { jobId: job.id, attempts: job.attempts, delay, err: error },
        "release copy will retry",
      );
      return deps.jobs.scheduleRetry(job.id, reason, delay);
    }

    const mismatch = verifyCopy(job, measured);
    if (mismatch) {
      await deps.store.delete(job.objectKey);
      return fail(job, mismatch);
    }
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
    };
    await deps.unitOfWork.run(async (tx, emit) => {
      if (!(await deps.jobs.markStored(tx, job.id, measured, now))) return;
      await emit(newEvent(releaseStoredV1.type, "iot-adapter", releaseStoredV1.data.parse(data), now));
    });
    deps.logger.info({ jobId: job.id, objectKey: job.objectKey }, "release binary stored");
  };
}

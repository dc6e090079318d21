import { ValidationError } from "@mp/errors";
import type { CallContext } from "@mp/grpc";
import { requirePrincipal } from "@mp/grpc";
import type { CopyJob } from "../domain/copy-job";
import type { makeGetRelease } from "./get-release";
import type { Clock, CopyJobRepository, IdGenerator } from "./ports";

export interface CopyReleaseBinaryInput {
  applicationId: number;
  releaseId: string;
  objectKey: string;
  correlationId: string;
}

function validate(input: CopyReleaseBinaryInput): void {
  const errors: Record<string, string[]> = {};
  if (input.objectKey.length === 0 || input.objectKey.length > 1024 || input.objectKey.startsWith("/"))
    errors["body.objectKey"] = ["must be 1 to 1024 characters and not start with /"];
  if (input.correlationId.length === 0 || input.correlationId.length > 200)
    errors["body.correlationId"] = ["must be 1 to 200 characters"];
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
}

/**
 * Queue a copy of a release binary. The release must be the principal's (else not found); its advertised
 * length and CRC32 are recorded with the job, and the worker verifies the stored bytes against them. A
 * repeated request with the same correlation id returns the job already recorded, whatever it asks.
 */
export function makeCopyReleaseBinary(deps: {
  getRelease: ReturnType<typeof makeGetRelease>;
  jobs: CopyJobRepository;
  clock: Clock;
  ids: IdGenerator;
  /** Tells the in-process worker there is work (it also polls). */
  wake: () => void;
}) {
  return async (input: CopyReleaseBinaryInput, ctx: CallContext): Promise<CopyJob> => {
    const { organisationId } = requirePrincipal(ctx);
    validate(input);
    const release = await deps.getRelease(input, ctx);
    const job = await deps.jobs.insertOrGet({
      id: deps.ids.next(),
      organisationId,
      applicationId: release.applicationId,
      releaseId: release.releaseId,
      objectKey: input.objectKey,
      correlationId: input.correlationId,
      sizeBytes: release.sizeBytes,
      crc32: release.crc32,
      createdAt: deps.clock.now(),
    });
    if (job.status === "queued") deps.wake();
    ctx.logger.info({ jobId: job.id, status: job.status }, "release copy requested");
    return job;
  };
}

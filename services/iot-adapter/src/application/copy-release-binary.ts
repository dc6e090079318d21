import { NotFoundError, ValidationError } from "@mp/errors";
import type { CallContext } from "@mp/grpc";
import { requireOrganisation } from "@mp/grpc";
import { type CopyJob, isGuid, releaseObjectKey } from "../domain/copy-job";
import { releaseIdProblem } from "../domain/release";
import type { makeGetRelease } from "./get-release";
import type { Clock, CopyJobRepository, IdGenerator } from "./ports";

export interface CopyReleaseBinaryInput {
  applicationId: number;
  releaseId: string;
  /** The item release (guid) the copy is for: names the object and is the job's correlation id. */
  itemReleaseId: string;
}

function validate(input: CopyReleaseBinaryInput): void {
  const errors: Record<string, string[]> = {};
  const releaseProblem = releaseIdProblem(input.releaseId);
  if (releaseProblem) errors["body.releaseId"] = [releaseProblem];
  if (!isGuid(input.itemReleaseId)) errors["body.itemReleaseId"] = ["must be a guid"];
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
}

/**
 * Queue a copy of a release binary. The release must be the principal's (else not found); its advertised
 * length and CRC32 are recorded with the job, and the worker verifies the stored bytes against them. The
 * object key is derived here from the principal's organisation and the item release id, never taken from
 * the request: a caller naming another organisation's item release only ever reaches its own prefix. A
 * repeated request for the same item release returns the job already recorded, whatever it asks.
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
    // Publishing's copy retry loop calls as itself, for the organisation that owns the item release.
    const organisationId = requireOrganisation(ctx, { services: ["publishing"] }).toLowerCase();
    validate(input);
    // An identity whose organisation is no guid owns nothing on the platform (and could name no prefix).
    if (!isGuid(organisationId)) throw new NotFoundError("IoT release");
    const release = await deps.getRelease(input, ctx);
    const itemReleaseId = input.itemReleaseId.toLowerCase();
    const job = await deps.jobs.insertOrGet({
      id: deps.ids.next(),
      organisationId,
      applicationId: release.applicationId,
      releaseId: release.releaseId,
      objectKey: releaseObjectKey(organisationId, itemReleaseId),
      correlationId: itemReleaseId,
      sizeBytes: release.sizeBytes,
      crc32: release.crc32,
      createdAt: deps.clock.now(),
    });
    if (job.status === "queued") deps.wake();
    ctx.logger.info({ jobId: job.id, status: job.status }, "release copy requested");
    return job;
  };
}

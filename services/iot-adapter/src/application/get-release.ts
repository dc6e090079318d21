import { NotFoundError, ValidationError } from "@mp/errors";
import { type CallContext, requireOrganisation } from "@mp/grpc";
import { type IotRelease, releaseIdProblem } from "../domain/release";
import type { IotPlatform } from "./ports";
import { isApplicationId } from "./window";

/**
 * One release of one of the principal's applications. Release ids are global on the platform, so a
 * release of another application or organisation is checked for and answered as not found. A release id
 * that cannot be a path segment (`.`, `..`, anything with `/`) is invalid input, refused before any call.
 */
export function makeGetRelease(deps: { platform: IotPlatform }) {
  return async (
    input: { applicationId: number; releaseId: string },
    ctx: CallContext,
  ): Promise<IotRelease> => {
    // CopyReleaseBinary reads the release this way too, also for publishing's copy retry loop.
    const organisationId = requireOrganisation(ctx, { services: ["publishing"] });
    const problem = releaseIdProblem(input.releaseId);
    if (problem) throw new ValidationError({ "body.releaseId": [problem] });
    if (!isApplicationId(input.applicationId)) throw new NotFoundError("IoT release");
    const release = await deps.platform.getRelease(
      organisationId,
      input.applicationId,
      input.releaseId,
      ctx.signal,
    );
    const owner = release.organisationId.toLowerCase();
    if (owner !== organisationId.toLowerCase() || release.applicationId !== input.applicationId)
      throw new NotFoundError("IoT release");
    return release;
  };
}

import { NotFoundError } from "@mp/errors";
import { type CallContext, requirePrincipal } from "@mp/grpc";
import type { IotRelease } from "../domain/release";
import type { IotPlatform } from "./ports";
import { isApplicationId, isReleaseId } from "./window";

/**
 * One release of one of the principal's applications. Release ids are global on the platform, so a
 * release of another application or organisation is checked for and answered as not found.
 */
export function makeGetRelease(deps: { platform: IotPlatform }) {
  return async (
    input: { applicationId: number; releaseId: string },
    ctx: CallContext,
  ): Promise<IotRelease> => {
    const { organisationId } = requirePrincipal(ctx);
    if (!isApplicationId(input.applicationId) || !isReleaseId(input.releaseId))
      throw new NotFoundError("IoT release");
    const release = await deps.platform.getRelease(
      organisationId,
      input.applicationId,
      input.releaseId,
      ctx.signal,
    );
    if (release.organisationId !== organisationId || release.applicationId !== input.applicationId)
      throw new NotFoundError("IoT release");
    return release;
  };
}

import { NotFoundError } from "@mp/errors";
import { type CallContext, requirePrincipal } from "@mp/grpc";
import type { IotApplication } from "../domain/release";
import type { IotPlatform } from "./ports";
import { isApplicationId } from "./window";

/** One application of the principal's organisation; any other organisation's is not found. */
export function makeGetApplication(deps: { platform: IotPlatform }) {
  return async (applicationId: number, ctx: CallContext): Promise<IotApplication> => {
    const { organisationId } = requirePrincipal(ctx);
    if (!isApplicationId(applicationId)) throw new NotFoundError("IoT application");
    const app = await deps.platform.getApplication(organisationId, applicationId, ctx.signal);
    if (app.organisationId !== organisationId) throw new NotFoundError("IoT application");
    return app;
  };
}

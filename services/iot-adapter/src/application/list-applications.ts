import { AppError } from "@mp/errors";
import { type CallContext, requirePrincipal } from "@mp/grpc";
import type { IotApplication } from "../domain/release";
import type { IotPlatform, Slice, Window } from "./ports";
import { parseWindow } from "./window";

/**
 * The principal's organisation's IoT applications, in the platform's order (application id ascending). An
 * organisation the platform does not know has no applications: an empty list, not a 404 for "your own list".
 */
export function makeListApplications(deps: { platform: IotPlatform }) {
  return async (
    raw: { limit: number; offset: number },
    ctx: CallContext,
  ): Promise<Slice<IotApplication> & Window> => {
    const { organisationId } = requirePrincipal(ctx);
    const window = parseWindow(raw);
    const slice = await deps.platform.listApplications(organisationId, window, ctx.signal).catch((error) => {
      if (error instanceof AppError && error.code === "not-found") return { items: [], hasMore: false };
      throw error;
    });
    return { ...slice, ...window };
  };
}

import { NotFoundError } from "@mp/errors";
import { type CallContext, requirePrincipal } from "@mp/grpc";
import type { IotRelease } from "../domain/release";
import type { IotPlatform, Slice, Window } from "./ports";
import { isApplicationId, parseWindow } from "./window";

/** Releases of one of the principal's applications, newest version first. */
export function makeListReleases(deps: { platform: IotPlatform }) {
  return async (
    raw: { applicationId: number; limit: number; offset: number },
    ctx: CallContext,
  ): Promise<Slice<IotRelease> & Window> => {
    const { organisationId } = requirePrincipal(ctx);
    const window = parseWindow(raw);
    if (!isApplicationId(raw.applicationId)) throw new NotFoundError("IoT application");
    const slice = await deps.platform.listReleases(organisationId, raw.applicationId, window, ctx.signal);
    // Defence in depth: the platform path is already scoped, but a row of another owner never leaves here.
    const items = slice.items.filter(
      (r) => r.organisationId === organisationId && r.applicationId === raw.applicationId,
    );
    return { items, hasMore: slice.hasMore, ...window };
  };
}

import { parseLimitOffset } from "@mp/db";
import { ValidationError } from "@mp/errors";
import { type CallContext, requirePrincipal } from "@mp/grpc";
import type { IotAdapterPort, IotReleaseInfo } from "./release-ports";

/**
 * An application's releases on the platform, read as the caller: the iot-adapter answers not-found for an
 * application the organisation does not have, and that is passed on as is.
 */
export function makeListIotReleases(deps: { iot: IotAdapterPort }) {
  return async (
    raw: { applicationId: number; limit: number; offset: number },
    ctx: CallContext,
  ): Promise<{ items: IotReleaseInfo[]; limit: number; offset: number; hasMore: boolean }> => {
    const caller = requirePrincipal(ctx, "developer");
    if (!Number.isInteger(raw.applicationId) || raw.applicationId < 1)
      throw new ValidationError({ "path.applicationId": ["must be a positive integer"] });
    const page = parseLimitOffset(raw);
    const releases = await deps.iot.listReleases(raw.applicationId, page, {
      principal: caller,
      requestId: ctx.requestId,
      signal: ctx.signal,
    });
    return { items: releases.items, limit: page.limit, offset: page.offset, hasMore: releases.hasMore };
  };
}

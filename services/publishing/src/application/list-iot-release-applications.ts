import { parseLimitOffset } from "@mp/db";
import { type CallContext, requirePrincipal } from "@mp/grpc";
import type { IotAdapterPort, IotApplicationInfo, ReleaseItem, ReleaseItemReader } from "./release-ports";
import { normaliseGuid } from "./release-queries";

export interface IotApplicationView extends IotApplicationInfo {
  marketplaceItemId?: string;
  marketplaceItemStatus?: ReleaseItem["status"];
}

/**
 * The organisation's IoT applications (read from the platform through the iot-adapter, as the caller)
 * joined with the caller's items in the instance. Without an instance, or with one the organisation has no
 * items in, no application carries link fields: links exist only per instance.
 */
export function makeListIotReleaseApplications(deps: { iot: IotAdapterPort; items: ReleaseItemReader }) {
  return async (
    raw: { marketplaceInstanceId: string; limit: number; offset: number },
    ctx: CallContext,
  ): Promise<{ items: IotApplicationView[]; limit: number; offset: number; hasMore: boolean }> => {
    const caller = requirePrincipal(ctx, "developer");
    const page = parseLimitOffset(raw);
    const instanceId = raw.marketplaceInstanceId ? normaliseGuid(raw.marketplaceInstanceId) : undefined;
    const apps = await deps.iot.listApplications(page, {
      principal: caller,
      requestId: ctx.requestId,
      signal: ctx.signal,
    });
    const links =
      instanceId && apps.items.length > 0
        ? await deps.items.linksFor(
            caller.organisationId.toLowerCase(),
            instanceId,
            apps.items.map((a) => a.applicationId),
          )
        : new Map<number, { id: string; status: ReleaseItem["status"] }>();
    const items = apps.items.map((app): IotApplicationView => {
      const link = links.get(app.applicationId);
      return link ? { ...app, marketplaceItemId: link.id, marketplaceItemStatus: link.status } : app;
    });
    return { items, limit: page.limit, offset: page.offset, hasMore: apps.hasMore };
  };
}

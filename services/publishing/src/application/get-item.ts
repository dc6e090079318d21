import type { CallContext } from "@mp/grpc";
import { findOwnItem, type ItemDeps } from "./item-access";
import { type ItemView, renderItem } from "./item-view";
import type { AssetsPort } from "./ports";

/** One of the caller's items; another organisation's is not found. */
export function makeGetItem(deps: Pick<ItemDeps, "items"> & { assets: AssetsPort }) {
  return async (id: string, ctx: CallContext): Promise<ItemView> => {
    const item = await findOwnItem(deps, id, ctx);
    return renderItem(await deps.items.state(item), deps.assets, ctx);
  };
}

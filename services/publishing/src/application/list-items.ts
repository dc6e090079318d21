import { type Paged, parsePageQuery, type RawPageQuery } from "@mp/db";
import { type FieldErrors, ValidationError } from "@mp/errors";
import { type CallContext, requirePrincipal } from "@mp/grpc";
import { isGuid } from "@mp/ids";
import { ITEM_STATUSES, ITEM_TYPES, type ItemStatus, type ItemType } from "../domain/item";
import type { ItemDeps } from "./item-access";
import { type ItemView, renderItems } from "./item-view";
import type { AssetsPort, ItemOrder, ListItemsQuery } from "./ports";

const ORDERS: readonly ItemOrder[] = ["createdAt", "updatedAt", "displayName"];
export interface RawListItems extends RawPageQuery {
  /** Empty strings mean "no filter". */
  marketplaceInstanceId: string;
  type: string;
  status: string;
  search: string;
}

export function parseListItems(raw: RawListItems): ListItemsQuery {
  const errors: FieldErrors = {};
  if (raw.marketplaceInstanceId && !isGuid(raw.marketplaceInstanceId))
    errors["query.marketplaceInstanceId"] = ["must be a guid"];
  if (raw.type && !ITEM_TYPES.includes(raw.type as ItemType))
    errors["query.type"] = ["must be app or algorithm"];
  if (raw.status && !ITEM_STATUSES.includes(raw.status as ItemStatus))
    errors["query.status"] = [`must be one of ${ITEM_STATUSES.join(", ")}`];
  const search = raw.search.trim();
  if (search.length > 200) errors["query.search"] = ["must be at most 200 characters"];
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
  return {
    ...parsePageQuery(raw, ORDERS),
    ...(raw.marketplaceInstanceId ? { marketplaceInstanceId: raw.marketplaceInstanceId.toLowerCase() } : {}),
    ...(raw.type ? { type: raw.type as ItemType } : {}),
    ...(raw.status ? { status: raw.status as ItemStatus } : {}),
    ...(search ? { search } : {}),
  };
}

/** The caller's organisation's items, filtered and paged; search matches the newest metadata. */
export function makeListItems(deps: Pick<ItemDeps, "items"> & { assets: AssetsPort }) {
  return async (raw: RawListItems, ctx: CallContext): Promise<Paged<ItemView>> => {
    const caller = requirePrincipal(ctx, "developer");
    const page = await deps.items.list(caller.organisationId.toLowerCase(), parseListItems(raw));
    const states = await Promise.all(page.items.map((item) => deps.items.state(item)));
    return { ...page, items: await renderItems(states, deps.assets, ctx) };
  };
}

import { type PageQuery, parsePageQuery, type RawPageQuery } from "@mp/db";
import { type FieldErrors, ValidationError } from "@mp/errors";
import { isGuid } from "@mp/ids";
import { ITEM_TYPES, type ItemType } from "../domain/catalogue-item";

export const CATALOGUE_ORDERS = ["relevance", "createdAt", "displayName", "price"] as const;
export type CatalogueOrder = (typeof CATALOGUE_ORDERS)[number];

export const SEARCH_MAX = 200;

export interface RawCatalogueQuery extends RawPageQuery {
  /** Empty strings mean "no filter" (proto3 cannot tell them from absent). */
  marketplaceInstanceId: string;
  type: string;
  search: string;
}

export interface CatalogueQuery extends PageQuery<CatalogueOrder> {
  marketplaceInstanceId?: string;
  type?: ItemType;
  search?: string;
}

export { isGuid };

/**
 * The catalogue's list query (the public list and the provider's offered items share it). `orderBy`
 * defaults to `relevance` with a search and to `createdAt` without; `relevance` without a search has
 * nothing to rank by and is refused rather than silently replaced.
 */
export function parseCatalogueQuery(raw: RawCatalogueQuery): CatalogueQuery {
  const errors: FieldErrors = {};
  if (raw.marketplaceInstanceId && !isGuid(raw.marketplaceInstanceId))
    errors["query.marketplaceInstanceId"] = ["must be a guid"];
  if (raw.type && !ITEM_TYPES.includes(raw.type as ItemType))
    errors["query.type"] = ["must be app or algorithm"];
  const search = raw.search.trim();
  if (search.length > SEARCH_MAX) errors["query.search"] = [`must be at most ${SEARCH_MAX} characters`];
  if (raw.orderBy === "relevance" && !search) errors["query.orderBy"] = ["relevance needs a search"];
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
  const orderBy = raw.orderBy || (search ? "relevance" : "createdAt");
  return {
    ...parsePageQuery({ ...raw, orderBy }, CATALOGUE_ORDERS),
    ...(raw.marketplaceInstanceId ? { marketplaceInstanceId: raw.marketplaceInstanceId.toLowerCase() } : {}),
    ...(raw.type ? { type: raw.type as ItemType } : {}),
    ...(search ? { search } : {}),
  };
}

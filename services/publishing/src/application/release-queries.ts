import { parsePageQuery, type RawPageQuery } from "@mp/db";
import { isGuid } from "@mp/ids";
import type { ItemReleaseOrder, ListItemReleasesQuery } from "./release-ports";

/** Lowercased guid, or undefined when the text is not one (callers answer not-found, never 400 on ids). */
export function normaliseGuid(id: string): string | undefined {
  return isGuid(id) ? id.toLowerCase() : undefined;
}

const ORDERS: readonly ItemReleaseOrder[] = ["createdAt", "version"];

export function parseItemReleasesQuery(raw: RawPageQuery): ListItemReleasesQuery {
  return parsePageQuery(raw, ORDERS);
}

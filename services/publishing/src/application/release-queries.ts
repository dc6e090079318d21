import { parsePageQuery, type RawPageQuery } from "@mp/db";
import type { ItemReleaseOrder, ListItemReleasesQuery } from "./release-ports";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Lowercased guid, or undefined when the text is not one (callers answer not-found, never 400 on ids). */
export function normaliseGuid(id: string): string | undefined {
  return UUID.test(id) ? id.toLowerCase() : undefined;
}

const ORDERS: readonly ItemReleaseOrder[] = ["createdAt", "version"];

export function parseItemReleasesQuery(raw: RawPageQuery): ListItemReleasesQuery {
  return parsePageQuery(raw, ORDERS);
}

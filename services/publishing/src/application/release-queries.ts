import { type FieldErrors, ValidationError } from "@mp/errors";
import type { ItemReleaseOrder, LimitOffset, ListItemReleasesQuery } from "./release-ports";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Lowercased guid, or undefined when the text is not one (callers answer not-found, never 400 on ids). */
export function normaliseGuid(id: string): string | undefined {
  return UUID.test(id) ? id.toLowerCase() : undefined;
}

/**
 * Limit/offset bounds of the contract (section 1), enforced here too since the service is reachable over
 * gRPC without the gateway: 0 (proto default) means the default, anything out of range is an error.
 */
export function parseLimitOffset(raw: { limit: number; offset: number }): LimitOffset {
  const errors: FieldErrors = {};
  const limit = raw.limit === 0 ? 50 : raw.limit;
  if (!Number.isInteger(limit) || limit < 1 || limit > 100) errors["query.limit"] = ["must be from 1 to 100"];
  if (!Number.isInteger(raw.offset) || raw.offset < 0 || raw.offset > 100_000)
    errors["query.offset"] = ["must be from 0 to 100000"];
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
  return { limit, offset: raw.offset };
}

const ORDERS: readonly ItemReleaseOrder[] = ["createdAt", "version"];

export function parseItemReleasesQuery(raw: {
  page: number;
  pageSize: number;
  orderBy: string;
  direction: string;
}): ListItemReleasesQuery {
  const errors: FieldErrors = {};
  const page = raw.page === 0 ? 1 : raw.page;
  const pageSize = raw.pageSize === 0 ? 20 : raw.pageSize;
  if (!Number.isInteger(page) || page < 1 || page > 10_000)
    errors["query.page"] = ["must be from 1 to 10000"];
  if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > 100)
    errors["query.pageSize"] = ["must be from 1 to 100"];
  const orderBy = (raw.orderBy || "createdAt") as ItemReleaseOrder;
  if (!ORDERS.includes(orderBy)) errors["query.orderBy"] = [`must be one of ${ORDERS.join(", ")}`];
  const direction = raw.direction || "desc";
  if (direction !== "asc" && direction !== "desc") errors["query.direction"] = ["must be asc or desc"];
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
  return { page, pageSize, orderBy, direction: direction as "asc" | "desc" };
}

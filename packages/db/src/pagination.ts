import { ValidationError } from "@mp/errors";

/** Page/pageSize window (contract section 1) turned into SQL LIMIT/OFFSET. */
export function pageWindow(page: number, pageSize: number): { limit: number; offset: number } {
  return { limit: pageSize, offset: (page - 1) * pageSize };
}

export interface Paged<T> {
  items: T[];
  page: number;
  pageSize: number;
  totalCount: number;
  totalPages: number;
}

export function paged<T>(items: T[], page: number, pageSize: number, totalCount: number): Paged<T> {
  return { items, page, pageSize, totalCount, totalPages: Math.ceil(totalCount / pageSize) };
}

/** Page fields as they arrive over gRPC: proto3 cannot tell an absent field from 0 or "", so those mean "default". */
export interface RawPageQuery {
  page: number;
  pageSize: number;
  orderBy: string;
  direction: string;
}

export interface PageQuery<O extends string> {
  page: number;
  pageSize: number;
  orderBy: O;
  direction: "asc" | "desc";
}

function rejectIfAny(errors: Record<string, string[]>): void {
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
}

/**
 * Page/pageSize bounds of the contract (section 1), enforced in every service too, since services are
 * reachable over gRPC without the gateway: out-of-range values are errors, never clamped. `orderBy`
 * defaults to `createdAt`, `direction` to `desc`.
 */
export function parsePageQuery<O extends string>(raw: RawPageQuery, orders: readonly O[]): PageQuery<O> {
  const errors: Record<string, string[]> = {};
  const page = raw.page === 0 ? 1 : raw.page;
  const pageSize = raw.pageSize === 0 ? 20 : raw.pageSize;
  if (!Number.isInteger(page) || page < 1 || page > 10_000)
    errors["query.page"] = ["must be from 1 to 10000"];
  if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > 100)
    errors["query.pageSize"] = ["must be from 1 to 100"];
  const orderBy = (raw.orderBy || "createdAt") as O;
  if (!orders.includes(orderBy)) errors["query.orderBy"] = [`must be one of ${orders.join(", ")}`];
  const direction = raw.direction || "desc";
  if (direction !== "asc" && direction !== "desc") errors["query.direction"] = ["must be asc or desc"];
  rejectIfAny(errors);
  return { page, pageSize, orderBy, direction: direction as "asc" | "desc" };
}

export interface LimitOffset {
  limit: number;
  offset: number;
}

/** Limit/offset bounds of the contract (section 1): limit 1..100 (0 = `defaultLimit`), offset 0..100000. */
export function parseLimitOffset(raw: LimitOffset, defaultLimit = 50): LimitOffset {
  const errors: Record<string, string[]> = {};
  const limit = raw.limit === 0 ? defaultLimit : raw.limit;
  if (!Number.isInteger(limit) || limit < 1 || limit > 100) errors["query.limit"] = ["must be from 1 to 100"];
  if (!Number.isInteger(raw.offset) || raw.offset < 0 || raw.offset > 100_000)
    errors["query.offset"] = ["must be from 0 to 100000"];
  rejectIfAny(errors);
  return { limit, offset: raw.offset };
}

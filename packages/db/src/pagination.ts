import { type FieldErrors, ValidationError } from "@mp/errors";

/**
 * The contract's list bounds (section 1), one copy for the gateway's query schemas and every service's
 * parser: out-of-range values are errors, never clamped.
 */
export const PAGE_BOUNDS = {
  page: { min: 1, max: 10_000, default: 1 },
  pageSize: { min: 1, max: 100, default: 20 },
  limit: { min: 1, max: 100, default: 50 },
  offset: { min: 0, max: 100_000, default: 0 },
} as const;

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

function rejectIfAny(errors: FieldErrors): void {
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
}

/**
 * Page/pageSize bounds of the contract (section 1), enforced in every service too, since services are
 * reachable over gRPC without the gateway: out-of-range values are errors, never clamped. `orderBy`
 * defaults to `createdAt`, `direction` to `desc`.
 */
export function parsePageQuery<O extends string>(raw: RawPageQuery, orders: readonly O[]): PageQuery<O> {
  const errors: FieldErrors = {};
  const page = inBounds(
    "page",
    raw.page === 0 ? PAGE_BOUNDS.page.default : raw.page,
    PAGE_BOUNDS.page,
    errors,
  );
  const pageSize = inBounds(
    "pageSize",
    raw.pageSize === 0 ? PAGE_BOUNDS.pageSize.default : raw.pageSize,
    PAGE_BOUNDS.pageSize,
    errors,
  );
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

/** `value` when it is an integer within `bounds`; otherwise records "must be from min to max" under `query.<field>`. */
function inBounds(
  field: string,
  value: number,
  bounds: { min: number; max: number },
  errors: FieldErrors,
): number {
  if (!Number.isInteger(value) || value < bounds.min || value > bounds.max)
    errors[`query.${field}`] = [`must be from ${bounds.min} to ${bounds.max}`];
  return value;
}

/**
 * A `limit` (0 = `defaultLimit`) checked against 1..`max`, its error recorded in `errors` so a caller can
 * report it with its other fields' errors at once.
 */
export function checkLimit(
  raw: number,
  errors: FieldErrors,
  options: { defaultLimit?: number; max?: number } = {},
): number {
  const { defaultLimit = PAGE_BOUNDS.limit.default, max = PAGE_BOUNDS.limit.max } = options;
  return inBounds("limit", raw === 0 ? defaultLimit : raw, { min: PAGE_BOUNDS.limit.min, max }, errors);
}

/** Limit/offset bounds of the contract (section 1): limit 1..100 (0 = `defaultLimit`), offset 0..100000. */
export function parseLimitOffset(
  raw: LimitOffset,
  defaultLimit: number = PAGE_BOUNDS.limit.default,
): LimitOffset {
  const errors: FieldErrors = {};
  const limit = checkLimit(raw.limit, errors, { defaultLimit });
  const offset = inBounds("offset", raw.offset, PAGE_BOUNDS.offset, errors);
  rejectIfAny(errors);
  return { limit, offset };
}

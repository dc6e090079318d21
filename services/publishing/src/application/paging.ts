import { ValidationError } from "@mp/errors";
import type { PageQuery } from "./ports";

/** Raw page fields as they arrive over gRPC: zero and empty mean "default". */
export interface RawPage {
  page: number;
  pageSize: number;
  orderBy: string;
  direction: string;
}

/** Bounds of the contract (section 1), enforced here too: out-of-range values are errors, never clamped. */
export function parsePage<O extends string>(raw: RawPage, orders: readonly O[]): PageQuery<O> {
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
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
  return { page, pageSize, orderBy, direction: direction as "asc" | "desc" };
}

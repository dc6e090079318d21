import type { Paged } from "@mp/db";
import { ValidationError } from "@mp/errors";
import { type CallContext, requirePrincipal } from "@mp/grpc";
import type { Instance } from "../domain/instance";
import type { InstanceOrder, InstanceRepository, ListInstancesQuery } from "./ports";

const ORDERS: readonly InstanceOrder[] = ["createdAt", "name"];

/** Bounds of the contract (section 1), enforced here too: out-of-range values are errors, never clamped. */
export function parseListQuery(raw: {
  page: number;
  pageSize: number;
  orderBy: string;
  direction: string;
}): ListInstancesQuery {
  const errors: Record<string, string[]> = {};
  const page = raw.page === 0 ? 1 : raw.page;
  const pageSize = raw.pageSize === 0 ? 20 : raw.pageSize;
  if (!Number.isInteger(page) || page < 1 || page > 10_000)
    errors["query.page"] = ["must be from 1 to 10000"];
  if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > 100)
    errors["query.pageSize"] = ["must be from 1 to 100"];
  const orderBy = (raw.orderBy || "createdAt") as InstanceOrder;
  if (!ORDERS.includes(orderBy)) errors["query.orderBy"] = [`must be one of ${ORDERS.join(", ")}`];
  const direction = raw.direction || "desc";
  if (direction !== "asc" && direction !== "desc") errors["query.direction"] = ["must be asc or desc"];
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
  return { page, pageSize, orderBy, direction: direction as "asc" | "desc" };
}

export function makeListInstances(deps: { instances: InstanceRepository }) {
  return async (
    raw: { page: number; pageSize: number; orderBy: string; direction: string },
    ctx: CallContext,
  ): Promise<Paged<Instance>> => {
    requirePrincipal(ctx);
    return deps.instances.list(parseListQuery(raw));
  };
}

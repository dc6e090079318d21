import { type Paged, parsePageQuery, type RawPageQuery } from "@mp/db";
import { type CallContext, requirePrincipal } from "@mp/grpc";
import type { Instance } from "../domain/instance";
import type { InstanceOrder, InstanceRepository, ListInstancesQuery } from "./ports";

const ORDERS: readonly InstanceOrder[] = ["createdAt", "name"];

/** The contract's page bounds (shared by every service) with this list's orders. */
export function parseListQuery(raw: RawPageQuery): ListInstancesQuery {
  return parsePageQuery(raw, ORDERS);
}

export function makeListInstances(deps: { instances: InstanceRepository }) {
  return async (raw: RawPageQuery, ctx: CallContext): Promise<Paged<Instance>> => {
    requirePrincipal(ctx);
    return deps.instances.list(parseListQuery(raw));
  };
}

import { isoInstant } from "@mp/contracts";
import type { Instance__Output } from "@mp/contracts/generated/marketplace/catalogue/v1/Instance";
import type { ListInstancesResponse__Output } from "@mp/contracts/generated/marketplace/catalogue/v1/ListInstancesResponse";
import type { Paged } from "@mp/db";
import type { Instance } from "../domain/instance";

/** Proto types stop here: the domain never sees them. */
export function toInstanceMessage(instance: Instance): Instance__Output {
  return {
    id: instance.id,
    name: instance.name,
    ownerOrganisationId: instance.ownerOrganisationId,
    defaultCurrency: instance.defaultCurrency,
    platformFeeBps: instance.platformFeeBps,
    createdAt: isoInstant(instance.createdAt),
  };
}

export function toListInstancesMessage(page: Paged<Instance>): ListInstancesResponse__Output {
  return {
    items: page.items.map(toInstanceMessage),
    page: page.page,
    pageSize: page.pageSize,
    totalCount: page.totalCount,
    totalPages: page.totalPages,
  };
}

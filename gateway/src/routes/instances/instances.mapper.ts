import type { Instance__Output } from "@mp/contracts/generated/marketplace/catalogue/v1/Instance";
import type { ListInstancesResponse__Output } from "@mp/contracts/generated/marketplace/catalogue/v1/ListInstancesResponse";
import type { z } from "zod";
import { lowercaseId } from "../shared/ids";
import { isoTimestamp } from "../shared/timestamps";
import type { Instance, InstancePage } from "./instances.schemas";

type InstanceDto = z.input<typeof Instance>;

/** Proto messages stop here: ids lowercased and timestamps normalised to the contract's form. */
export function toInstance(message: Instance__Output): InstanceDto {
  return {
    id: lowercaseId(message.id),
    name: message.name,
    ownerOrganisationId: lowercaseId(message.ownerOrganisationId),
    defaultCurrency: message.defaultCurrency as InstanceDto["defaultCurrency"],
    platformFeeBps: message.platformFeeBps,
    createdAt: isoTimestamp(message.createdAt),
  };
}

export function toInstancePage(message: ListInstancesResponse__Output): z.input<typeof InstancePage> {
  return {
    items: message.items.map(toInstance),
    page: message.page,
    pageSize: message.pageSize,
    totalCount: message.totalCount,
    totalPages: message.totalPages,
  };
}

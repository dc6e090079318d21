import type { Offering__Output } from "@mp/contracts/generated/marketplace/listings/v1/Offering";
import type { OfferingPage__Output } from "@mp/contracts/generated/marketplace/listings/v1/OfferingPage";
import type { z } from "zod";
import { isoTimestamp } from "../shared/timestamps";
import type { Offering, OfferingPage } from "./offerings.schemas";

const iso = isoTimestamp;

export function toOffering(message: Offering__Output): z.input<typeof Offering> {
  return {
    id: message.id.toLowerCase(),
    marketplaceInstanceId: message.marketplaceInstanceId.toLowerCase(),
    marketplaceItemId: message.marketplaceItemId.toLowerCase(),
    createdAt: iso(message.createdAt),
    withdrawnAt: message.withdrawnAt ? iso(message.withdrawnAt) : null,
  };
}

export function toOfferingPage(message: OfferingPage__Output): z.input<typeof OfferingPage> {
  return {
    items: message.items.map(toOffering),
    page: message.page,
    pageSize: message.pageSize,
    totalCount: message.totalCount,
    totalPages: message.totalPages,
  };
}

import type { AppendMetadataRequest } from "@mp/contracts/generated/marketplace/publishing/v1/AppendMetadataRequest";
import type { ImageList__Output } from "@mp/contracts/generated/marketplace/publishing/v1/ImageList";
import type { Item__Output } from "@mp/contracts/generated/marketplace/publishing/v1/Item";
import type { ItemIcon__Output } from "@mp/contracts/generated/marketplace/publishing/v1/ItemIcon";
import type { ItemMetadata__Output } from "@mp/contracts/generated/marketplace/publishing/v1/ItemMetadata";
import type { ListItemsResponse__Output } from "@mp/contracts/generated/marketplace/publishing/v1/ListItemsResponse";
import type { MetadataPage__Output } from "@mp/contracts/generated/marketplace/publishing/v1/MetadataPage";
import type { Money__Output } from "@mp/contracts/generated/marketplace/publishing/v1/Money";
import type { PricePage__Output } from "@mp/contracts/generated/marketplace/publishing/v1/PricePage";
import type { PriceRecord__Output } from "@mp/contracts/generated/marketplace/publishing/v1/PriceRecord";
import type { z } from "zod";
import { isoTimestamp } from "../shared/timestamps";
import type {
  DeveloperItem,
  DeveloperItemPage,
  ImageList,
  ItemMetadata,
  MetadataBody,
  MetadataPage,
  PricePage,
  PriceRecord,
} from "./developer-items.schemas";

type Dto<T extends z.ZodType> = z.input<T>;
type ItemDto = Dto<typeof DeveloperItem>;

const iso = isoTimestamp;
const isoOrNull = (value: string | undefined) => (value ? iso(value) : null);

/** int64 arrives as a decimal string; money stays integer minor units. */
function toMoney(money: Money__Output): NonNullable<ItemDto["basePrice"]> {
  return {
    amount: Number(money.amount),
    currency: money.currency as NonNullable<ItemDto["basePrice"]>["currency"],
  };
}

export function toMetadata(message: ItemMetadata__Output | null): Dto<typeof ItemMetadata> {
  return {
    displayName: message?.displayName ?? null,
    description: message?.description ?? null,
    algorithmType: message?.algorithmType ?? null,
    licenseUrl: message?.licenseUrl ?? null,
    eulaUrl: message?.eulaUrl ?? null,
    createdAt: iso(message?.createdAt ?? new Date(0).toISOString()),
  };
}

function toIcon(icon: ItemIcon__Output): NonNullable<ItemDto["icon"]> {
  return {
    id: icon.id.toLowerCase(),
    assetType: icon.assetType as "icon",
    mimeType: icon.mimeType as "image/png",
    fileName: icon.fileName,
    sizeBytes: Number(icon.sizeBytes),
    width: icon.width,
    height: icon.height,
    status: icon.status as "ready",
    url: icon.url || null,
    createdAt: iso(icon.createdAt),
  };
}

export function toImageList(message: ImageList__Output): Dto<typeof ImageList> {
  return message.items.map((image) => ({
    assetId: image.assetId.toLowerCase(),
    position: image.position,
    url: image.url,
    width: image.width,
    height: image.height,
    mimeType: image.mimeType as "image/png",
  }));
}

/** Proto messages stop here: ids lowercased, timestamps normalised, absent optional fields as null. */
export function toDeveloperItem(message: Item__Output): ItemDto {
  return {
    id: message.id.toLowerCase(),
    type: message.type as ItemDto["type"],
    organisationId: message.organisationId.toLowerCase(),
    marketplaceInstanceId: message.marketplaceInstanceId.toLowerCase(),
    infuseIotApplicationId: message.infuseIotApplicationId,
    status: message.status as ItemDto["status"],
    createdAt: iso(message.createdAt),
    updatedAt: iso(message.updatedAt),
    publishedAt: isoOrNull(message.publishedAt),
    metadata: toMetadata(message.metadata),
    icon: message.icon ? toIcon(message.icon) : null,
    images: toImageList({ items: message.images }),
    basePrice: message.basePrice ? toMoney(message.basePrice) : null,
    releaseCount: message.releaseCount,
    latestVersion: message.latestVersion ?? null,
    readiness: {
      ready: message.readiness?.ready ?? false,
      unmet: (message.readiness?.unmet ?? []) as ItemDto["readiness"]["unmet"],
    },
  };
}

const pageOf = <T>(
  message: { page: number; pageSize: number; totalCount: number; totalPages: number },
  items: T[],
) => ({
  items,
  page: message.page,
  pageSize: message.pageSize,
  totalCount: message.totalCount,
  totalPages: message.totalPages,
});

export const toDeveloperItemPage = (message: ListItemsResponse__Output): Dto<typeof DeveloperItemPage> =>
  pageOf(message, message.items.map(toDeveloperItem));

export const toMetadataPage = (message: MetadataPage__Output): Dto<typeof MetadataPage> =>
  pageOf(message, message.items.map(toMetadata));

export function toPriceRecord(message: PriceRecord__Output): Dto<typeof PriceRecord> {
  const price = message.price ?? { amount: "0", currency: "" };
  return {
    amount: Number(price.amount),
    currency: price.currency as Dto<typeof PriceRecord>["currency"],
    effectiveFrom: iso(message.effectiveFrom),
    createdAt: iso(message.createdAt),
  };
}

export const toPricePage = (message: PricePage__Output): Dto<typeof PricePage> =>
  pageOf(message, message.items.map(toPriceRecord));

/** REST partial update to the proto form: a string sets, `null` goes into `clear`, omitted is left out. */
export function toAppendMetadataRequest(
  id: string,
  body: z.output<typeof MetadataBody>,
): AppendMetadataRequest {
  const request: AppendMetadataRequest = { id, clear: [] };
  for (const [field, value] of Object.entries(body) as [keyof typeof body, string | null | undefined][]) {
    if (value === null) request.clear?.push(field);
    else if (value !== undefined) request[field] = value;
  }
  return request;
}

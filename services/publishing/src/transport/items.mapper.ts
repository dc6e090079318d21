import type { AppendMetadataRequest__Output } from "@mp/contracts/generated/marketplace/publishing/v1/AppendMetadataRequest";
import type { ImageList } from "@mp/contracts/generated/marketplace/publishing/v1/ImageList";
import type { Item } from "@mp/contracts/generated/marketplace/publishing/v1/Item";
import type { ItemMetadata } from "@mp/contracts/generated/marketplace/publishing/v1/ItemMetadata";
import type { ListItemsResponse } from "@mp/contracts/generated/marketplace/publishing/v1/ListItemsResponse";
import type { MetadataPage } from "@mp/contracts/generated/marketplace/publishing/v1/MetadataPage";
import type { Money__Output } from "@mp/contracts/generated/marketplace/publishing/v1/Money";
import type { PricePage } from "@mp/contracts/generated/marketplace/publishing/v1/PricePage";
import type { PriceRecord as PriceRecordMessage } from "@mp/contracts/generated/marketplace/publishing/v1/PriceRecord";
import type { Paged } from "@mp/db";
import { ValidationError } from "@mp/errors";
import type { ImageView, ItemView } from "../application/item-view";
import { METADATA_FIELDS, type MetadataPatch, type MetadataRecord } from "../domain/metadata";
import type { Money, PriceRecord } from "../domain/price";

/** Proto types stop here. Nulls become absent optional fields; int64 amounts travel as decimal strings. */
const optional = <K extends string>(key: K, value: string | null): { [P in K]?: string } =>
  (value === null ? {} : { [key]: value }) as { [P in K]?: string };

export function toMetadataMessage(record: MetadataRecord): ItemMetadata {
  return {
    ...optional("displayName", record.displayName),
    ...optional("description", record.description),
    ...optional("algorithmType", record.algorithmType),
    ...optional("licenseUrl", record.licenseUrl),
    ...optional("eulaUrl", record.eulaUrl),
    createdAt: record.createdAt.toISOString(),
  };
}

const toMoneyMessage = (money: Money) => ({ amount: String(money.amount), currency: money.currency });

export const toImageList = (images: ImageView[]): ImageList => ({ items: images });

export function toItemMessage(view: ItemView): Item {
  return {
    id: view.id,
    type: view.type,
    organisationId: view.organisationId,
    marketplaceInstanceId: view.marketplaceInstanceId,
    infuseIotApplicationId: view.infuseIotApplicationId,
    status: view.status,
    createdAt: view.createdAt.toISOString(),
    updatedAt: view.updatedAt.toISOString(),
    ...optional("publishedAt", view.publishedAt?.toISOString() ?? null),
    metadata: toMetadataMessage(view.metadata),
    icon: view.icon ? { ...view.icon, sizeBytes: String(view.icon.sizeBytes) } : null,
    images: view.images,
    basePrice: view.basePrice ? toMoneyMessage(view.basePrice) : null,
    releaseCount: view.releaseCount,
    ...optional("latestVersion", view.latestVersion),
    readiness: view.readiness,
  };
}

const pageFields = <T>(page: Paged<T>) => ({
  page: page.page,
  pageSize: page.pageSize,
  totalCount: page.totalCount,
  totalPages: page.totalPages,
});

export const toListItemsMessage = (page: Paged<ItemView>): ListItemsResponse => ({
  items: page.items.map(toItemMessage),
  ...pageFields(page),
});

export const toMetadataPageMessage = (page: Paged<MetadataRecord>): MetadataPage => ({
  items: page.items.map(toMetadataMessage),
  ...pageFields(page),
});

export const toPriceRecordMessage = (record: PriceRecord): PriceRecordMessage => ({
  price: toMoneyMessage(record.price),
  effectiveFrom: record.effectiveFrom.toISOString(),
  createdAt: record.createdAt.toISOString(),
});

export const toPricePageMessage = (page: Paged<PriceRecord>): PricePage => ({
  items: page.items.map(toPriceRecordMessage),
  ...pageFields(page),
});

/** `clear` names fields to null; present optional fields set; the rest keep their value. */
export function fromAppendMetadataRequest(request: AppendMetadataRequest__Output): MetadataPatch {
  const patch: MetadataPatch = {};
  for (const field of METADATA_FIELDS) {
    const value = request[field];
    if (value !== undefined) patch[field] = value;
  }
  for (const name of request.clear) {
    const field = METADATA_FIELDS.find((f) => f === name);
    if (!field) throw new ValidationError({ body: [`unknown metadata field ${name}`] });
    if (patch[field] !== undefined)
      throw new ValidationError({ [`body.${field}`]: ["cannot be both set and cleared"] });
    patch[field] = null;
  }
  return patch;
}

/** int64 amounts arrive as decimal strings; anything not a safe integer is refused, never rounded. */
export function fromMoneyMessage(money: Money__Output | null): Money {
  if (!money) throw new ValidationError({ body: ["a price is required"] });
  const amount = /^-?\d{1,16}$/.test(money.amount) ? Number(money.amount) : Number.NaN;
  if (!Number.isSafeInteger(amount))
    throw new ValidationError({ "body.amount": ["must be an integer amount in the minor unit"] });
  return { amount, currency: money.currency };
}

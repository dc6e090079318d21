import type { ActivityEntry__Output } from "@mp/contracts/generated/marketplace/purchases/v1/ActivityEntry";
import type { ListPurchaseActivityResponse__Output } from "@mp/contracts/generated/marketplace/purchases/v1/ListPurchaseActivityResponse";
import type { ListPurchasesResponse__Output } from "@mp/contracts/generated/marketplace/purchases/v1/ListPurchasesResponse";
import type { Money__Output } from "@mp/contracts/generated/marketplace/purchases/v1/Money";
import type { Purchase__Output } from "@mp/contracts/generated/marketplace/purchases/v1/Purchase";
import type { z } from "zod";
import { isoTimestamp } from "../shared/timestamps";
import type { Activity, PurchasePage } from "./provider-purchases.schemas";

type PurchaseDto = z.input<typeof PurchasePage>["items"][number];
type MoneyDto = PurchaseDto["amount"];
type EntryDto = z.input<typeof Activity>["items"][number];

const iso = isoTimestamp;

/** int64 arrives as a decimal string; money stays integer minor units. */
export const toMoney = (money: Money__Output | null): MoneyDto => ({
  amount: Number(money?.amount ?? 0),
  currency: (money?.currency ?? "") as MoneyDto["currency"],
});

const toPurchase = (p: Purchase__Output): PurchaseDto => ({
  id: p.id,
  marketplaceItemId: p.marketplaceItemId,
  displayName: p.displayName,
  listingId: p.listingId,
  marketplaceInstanceId: p.marketplaceInstanceId,
  providerOrganisationId: p.providerOrganisationId,
  deviceId: p.deviceId,
  amount: toMoney(p.amount),
  status: p.status as PurchaseDto["status"],
  livemode: p.livemode,
  purchasedAt: iso(p.purchasedAt),
  paymentReference: p.paymentReference,
  ...(p.reason ? { reason: p.reason as NonNullable<PurchaseDto["reason"]> } : {}),
});

export const toPurchasePage = (m: ListPurchasesResponse__Output): z.input<typeof PurchasePage> => ({
  items: m.items.map(toPurchase),
  page: m.page,
  pageSize: m.pageSize,
  totalCount: m.totalCount,
  totalPages: m.totalPages,
});

const toEntry = (e: ActivityEntry__Output): EntryDto => ({
  kind: e.kind as EntryDto["kind"],
  at: iso(e.at),
  marketplaceItemId: e.marketplaceItemId,
  displayName: e.displayName,
  deviceId: e.deviceId,
  ...(e.amount ? { amount: toMoney(e.amount) } : {}),
  ...(e.reason ? { reason: e.reason as NonNullable<EntryDto["reason"]> } : {}),
});

export const toActivity = (m: ListPurchaseActivityResponse__Output): z.input<typeof Activity> => ({
  items: m.items.map(toEntry),
  limit: m.limit,
});

import type { Paged } from "@mp/db";
import type { DownloadAccess } from "../application/get-download-access";
import type { ActivityEntry } from "../application/ports";
import type { Purchase } from "../domain/purchase";

const money = (m: { amount: number; currency: string }) => ({
  amount: String(m.amount),
  currency: m.currency,
});

export const toPurchaseMessage = (p: Purchase) => ({
  id: p.id,
  marketplaceItemId: p.marketplaceItemId,
  displayName: p.displayName,
  listingId: p.listingId,
  marketplaceInstanceId: p.marketplaceInstanceId,
  providerOrganisationId: p.providerOrganisationId,
  deviceId: p.deviceId,
  amount: money(p.amount),
  status: p.status,
  livemode: p.livemode,
  purchasedAt: p.purchasedAt.toISOString(),
  paymentReference: p.paymentReference,
});

export const toPurchasePage = (page: Paged<Purchase>) => ({
  items: page.items.map(toPurchaseMessage),
  page: page.page,
  pageSize: page.pageSize,
  totalCount: page.totalCount,
  totalPages: page.totalPages,
});

export const toActivityMessage = (e: ActivityEntry) => ({
  kind: e.kind,
  at: e.at.toISOString(),
  marketplaceItemId: e.marketplaceItemId,
  displayName: e.displayName,
  deviceId: e.deviceId,
  ...(e.amount ? { amount: money(e.amount) } : {}),
});

export const toDownloadAccessMessage = (access: DownloadAccess) =>
  access.eligible
    ? {
        eligible: true,
        reason: "",
        download: {
          url: access.download.url,
          expiresAt: access.download.expiresAt.toISOString(),
          sizeBytes: String(access.download.sizeBytes),
          sha256: access.download.sha256,
        },
      }
    : { eligible: false, reason: access.reason };

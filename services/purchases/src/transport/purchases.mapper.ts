import type { Paged } from "@mp/db";
import type { DownloadAccess } from "../application/get-download-access";
import type { ActivityEntry, Install, InstallStep, ProviderDevice } from "../application/ports";
import type { DeviceDetails, PurchaseRelease } from "../application/provider-devices";
import type { Purchase } from "../domain/purchase";

export const toMoneyMessage = (m: { amount: number; currency: string }) => ({
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
  amount: toMoneyMessage(p.amount),
  status: p.status,
  livemode: p.livemode,
  purchasedAt: p.purchasedAt.toISOString(),
  paymentReference: p.paymentReference,
  reason: p.heldReason ?? "",
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
  ...(e.amount ? { amount: toMoneyMessage(e.amount) } : {}),
  reason: e.heldReason ?? "",
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

const board = (b: { id: string; name: string }) => ({ id: b.id, name: b.name });

export const toDeviceMessage = (d: ProviderDevice & { purchaseCount: number }) => ({
  deviceId: d.deviceId,
  board: board(d.board),
  metadata: d.metadata,
  lastSeenAt: d.lastSeenAt ?? "",
  ...(d.application ? { application: d.application } : {}),
  purchaseCount: d.purchaseCount,
});

export const toInstallMessage = (i: Install) => ({
  installId: i.id,
  rpcId: i.rpcId ?? "",
  deviceId: i.deviceId,
  marketplaceItemId: i.marketplaceItemId,
  version: i.version,
  status: i.status,
  queuedAt: i.queuedAt.toISOString(),
});

export const toDeviceDetailsMessage = ({ device, purchases, installs }: DeviceDetails) => ({
  deviceId: device.deviceId,
  board: board(device.board),
  metadata: device.metadata,
  ...(device.application ? { application: device.application } : {}),
  lastSeenAt: device.lastSeenAt ?? "",
  lastRoute: device.lastRoute ?? "",
  purchases: purchases.map(toPurchaseMessage),
  installs: installs.map(toInstallMessage),
});

export const toPurchaseReleasePage = (page: Paged<PurchaseRelease>) => ({
  items: page.items.map(({ release, compatibility, reason }) => ({
    version: release.releaseVersion,
    releaseId: release.iotReleaseId ?? "",
    board: {
      id: release.boardId,
      name: release.boardName ?? release.boardId,
      target: release.boardTarget ?? "",
    },
    compatibility,
    reason: reason ?? "",
    createdAt: (release.createdAt ?? new Date(0)).toISOString(),
  })),
  page: page.page,
  pageSize: page.pageSize,
  totalCount: page.totalCount,
  totalPages: page.totalPages,
});

export const toInstallRpcMessage = (i: Install & { history: InstallStep[] }) => ({
  rpcId: i.rpcId ?? "",
  installId: i.id,
  deviceId: i.deviceId,
  marketplaceItemId: i.marketplaceItemId,
  version: i.version,
  status: i.status,
  ...(i.detail === null ? {} : { detail: i.detail }),
  attemptCount: i.attemptCount,
  updatedAt: i.updatedAt.toISOString(),
  history: i.history.map((h) => ({ status: h.status, at: h.at.toISOString() })),
});

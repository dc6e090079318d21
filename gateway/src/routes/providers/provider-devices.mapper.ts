import type { DeviceDetails__Output } from "@mp/contracts/generated/marketplace/purchases/v1/DeviceDetails";
import type { InstallRecord__Output } from "@mp/contracts/generated/marketplace/purchases/v1/InstallRecord";
import type { InstallRpc__Output } from "@mp/contracts/generated/marketplace/purchases/v1/InstallRpc";
import type { ListDevicesResponse__Output } from "@mp/contracts/generated/marketplace/purchases/v1/ListDevicesResponse";
import type { ListPurchaseReleasesResponse__Output } from "@mp/contracts/generated/marketplace/purchases/v1/ListPurchaseReleasesResponse";
import type { z } from "zod";
import { isoTimestamp } from "../shared/timestamps";
import type {
  DeviceDetails,
  DeviceList,
  Install,
  PurchaseReleasePage,
  RpcStatus,
} from "./provider-devices.schemas";
import { toPurchasePage } from "./provider-purchases.mapper";

type InstallDto = z.input<typeof Install>;
type ReleaseDto = z.input<typeof PurchaseReleasePage>["items"][number];

const iso = isoTimestamp;
const isoOrNull = (value: string) => (value ? iso(value) : null);
const board = (b: { id: string; name: string } | null) => ({ id: b?.id ?? "", name: b?.name ?? "" });
const application = (a: { applicationId: number; version: string } | null | undefined) =>
  a ? { applicationId: a.applicationId, version: a.version } : null;

export const toDeviceList = (m: ListDevicesResponse__Output): z.input<typeof DeviceList> => ({
  items: m.items.map((d) => ({
    deviceId: d.deviceId,
    board: board(d.board),
    metadata: d.metadata,
    lastSeenAt: isoOrNull(d.lastSeenAt),
    application: application(d.application),
    purchaseCount: d.purchaseCount,
  })),
  limit: m.limit,
  offset: m.offset,
  hasMore: m.hasMore,
});

export const toInstall = (i: InstallRecord__Output): InstallDto => ({
  installId: i.installId,
  rpcId: i.rpcId,
  deviceId: i.deviceId,
  marketplaceItemId: i.marketplaceItemId,
  version: i.version,
  status: i.status as InstallDto["status"],
  queuedAt: iso(i.queuedAt),
});

export const toDeviceDetails = (m: DeviceDetails__Output): z.input<typeof DeviceDetails> => ({
  deviceId: m.deviceId,
  board: board(m.board),
  metadata: m.metadata,
  state: {
    application: application(m.application),
    lastSeenAt: isoOrNull(m.lastSeenAt),
    lastRoute: m.lastRoute || null,
  },
  purchases: toPurchasePage({ items: m.purchases, page: 1, pageSize: 1, totalCount: 0, totalPages: 0 }).items,
  installs: m.installs.map(toInstall),
});

export const toPurchaseReleasePage = (
  m: ListPurchaseReleasesResponse__Output,
): z.input<typeof PurchaseReleasePage> => ({
  items: m.items.map((r) => ({
    version: r.version,
    releaseId: r.releaseId,
    board: { id: r.board?.id ?? "", name: r.board?.name ?? "", target: r.board?.target ?? "" },
    compatibility: r.compatibility as ReleaseDto["compatibility"],
    ...(r.reason ? { reason: r.reason } : {}),
    createdAt: iso(r.createdAt),
  })),
  page: m.page,
  pageSize: m.pageSize,
  totalCount: m.totalCount,
  totalPages: m.totalPages,
});

export const toRpcStatus = (m: InstallRpc__Output): z.input<typeof RpcStatus> => ({
  rpcId: m.rpcId,
  installId: m.installId,
  deviceId: m.deviceId,
  marketplaceItemId: m.marketplaceItemId,
  version: m.version,
  status: m.status as InstallDto["status"],
  detail: m.detail ?? null,
  attemptCount: m.attemptCount,
  updatedAt: iso(m.updatedAt),
  history: m.history.map((h) => ({ status: h.status as InstallDto["status"], at: iso(h.at) })),
});

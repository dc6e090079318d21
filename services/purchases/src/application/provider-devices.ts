import type { Queryable } from "@mp/db";
import { type Paged, parseLimitOffset, parsePageQuery, type RawPageQuery } from "@mp/db";
import { NotFoundError, ValidationError } from "@mp/errors";
import { type CallContext, requirePrincipal } from "@mp/grpc";
import { isGuid } from "@mp/ids";
import { type Compatibility, compatibilityOf } from "../domain/install";
import type { Purchase } from "../domain/purchase";
import type {
  Install,
  IotDevicesPort,
  KnownRelease,
  KnownReleaseRepository,
  ProviderDevice,
  PurchaseRepository,
  ReleaseOrder,
} from "./ports";

const DEVICE_ID = /^[0-9a-f]{16}$/i;
const RELEASE_ORDERS: readonly ReleaseOrder[] = ["createdAt", "version"];
/** How many recent installs a device's details carry. */
export const RECENT_INSTALLS = 20;

/** The path's device id (16 hex characters), lowercased; checked here, before any call downstream. */
export function parseDeviceId(raw: string): string {
  if (!DEVICE_ID.test(raw)) throw new ValidationError({ "path.deviceId": ["must be 16 hex characters"] });
  return raw.toLowerCase();
}

export function parseItemId(raw: string): string {
  if (!isGuid(raw)) throw new ValidationError({ "path.marketplaceItemId": ["must be a guid"] });
  return raw.toLowerCase();
}

interface Deps {
  iot: IotDevicesPort;
  purchases: PurchaseRepository;
  defaultLivemode: boolean;
}

/** The caller's organisation's devices (provider role) with the number of purchases of each. */
export function makeListDevices(deps: Deps) {
  return async (raw: { limit: number; offset: number }, ctx: CallContext) => {
    const caller = requirePrincipal(ctx, "provider");
    const window = parseLimitOffset(raw, 50);
    const page = await deps.iot.list(window, ctx);
    const counts = await deps.purchases.countsByDevice(
      caller.organisationId.toLowerCase(),
      page.items.map((d) => d.deviceId),
      deps.defaultLivemode,
    );
    return {
      items: page.items.map((d) => ({ ...d, purchaseCount: counts.get(d.deviceId) ?? 0 })),
      hasMore: page.hasMore,
      ...window,
    };
  };
}

export interface DeviceDetails {
  device: ProviderDevice;
  purchases: Purchase[];
  installs: Install[];
}

/** A device of the caller's organisation with at least one purchase, its purchases and recent installs. */
export function makeGetDeviceDetails(
  deps: Deps & {
    installs: { recentOfDevice(org: string, deviceId: string, limit: number): Promise<Install[]> };
  },
) {
  return async (rawDeviceId: string, ctx: CallContext): Promise<DeviceDetails> => {
    const org = requirePrincipal(ctx, "provider").organisationId.toLowerCase();
    const deviceId = parseDeviceId(rawDeviceId);
    const device = await deps.iot.get(deviceId, ctx);
    const purchases = await deps.purchases.ofDevice(org, deviceId, deps.defaultLivemode);
    if (purchases.length === 0) throw new NotFoundError("Device");
    return {
      device,
      purchases,
      installs: await deps.installs.recentOfDevice(org, deviceId, RECENT_INSTALLS),
    };
  };
}

export interface PurchaseRelease {
  release: KnownRelease;
  compatibility: Compatibility;
  reason?: string;
}

/**
 * A page of a purchased item's releases (every board) with their compatibility with the device: 404
 * unless the device is the caller's organisation's and has a purchase of the item (any status).
 */
export function makeListPurchaseReleases(deps: Deps & { db: Queryable; releases: KnownReleaseRepository }) {
  return async (
    raw: RawPageQuery & { deviceId: string; marketplaceItemId: string },
    ctx: CallContext,
  ): Promise<Paged<PurchaseRelease>> => {
    const org = requirePrincipal(ctx, "provider").organisationId.toLowerCase();
    const deviceId = parseDeviceId(raw.deviceId);
    const marketplaceItemId = parseItemId(raw.marketplaceItemId);
    const query = parsePageQuery(raw, RELEASE_ORDERS);
    const device = await deps.iot.get(deviceId, ctx);
    const purchases = await deps.purchases.ofDeviceItem({
      providerOrganisationId: org,
      deviceId,
      marketplaceItemId,
      livemode: deps.defaultLivemode,
    });
    if (purchases.length === 0) throw new NotFoundError("Purchase");
    const page = await deps.releases.ofItem(deps.db, marketplaceItemId, query);
    const facts = { boardId: device.board.id, application: device.application };
    return {
      ...page,
      items: page.items.map((release) => ({ release, ...compatibilityOf(release, facts) })),
    };
  };
}

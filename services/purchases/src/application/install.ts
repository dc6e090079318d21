import type { Queryable } from "@mp/db";
import { AppError, ConflictError, NotFoundError, ValidationError } from "@mp/errors";
import { type CallContext, requirePrincipal } from "@mp/grpc";
import { releaseForInstall } from "../domain/install";
import type {
  Clock,
  IdGenerator,
  Install,
  InstallRepository,
  InstallStep,
  IotDevicesPort,
  KnownItemRepository,
  KnownReleaseRepository,
  PurchaseRepository,
} from "./ports";
import { parseDeviceId, parseItemId } from "./provider-devices";

/**
 * Install a purchased item version on a device of the caller's organisation (provider role):
 * 1. the device must be the organisation's (the iot-adapter, for the user, else 404);
 * 2. a purchase of the item for the device (else 404), `completed` (else 409 `purchase-not-active`);
 * 3. a release of the version the platform knows (else 404), for the device's board (else 409
 *    `release-incompatible`);
 * 4. an install row, or the in-flight one of the same device, item and version (a partial unique index,
 *    so concurrent requests share it);
 * 5. until it has an rpc id, the iot-adapter queues the platform update for it (idempotent per install
 *    id, so the requests sharing a row get the same update). A platform refusal (409) fails the install and
 *    is answered 409 `invalid-state`; an unavailable platform leaves it to the next request.
 */
export function makeInstall(deps: {
  db: Queryable;
  iot: IotDevicesPort;
  purchases: PurchaseRepository;
  releases: KnownReleaseRepository;
  items: KnownItemRepository;
  installs: InstallRepository;
  defaultLivemode: boolean;
  clock: Clock;
  ids: IdGenerator;
}) {
  return async (
    raw: { deviceId: string; marketplaceItemId: string; version: string },
    ctx: CallContext,
  ): Promise<Install> => {
    const org = requirePrincipal(ctx, "provider").organisationId.toLowerCase();
    const deviceId = parseDeviceId(raw.deviceId);
    const marketplaceItemId = parseItemId(raw.marketplaceItemId);
    const version = raw.version.trim();
    if (!version || version.length > 64)
      throw new ValidationError({ "body.version": ["must be 1 to 64 characters"] });

    const device = await deps.iot.get(deviceId, ctx);
    const purchases = await deps.purchases.ofDeviceItem({
      providerOrganisationId: org,
      deviceId,
      marketplaceItemId,
      livemode: deps.defaultLivemode,
    });
    if (purchases.length === 0) throw new NotFoundError("Purchase");
    const purchase = purchases.find((p) => p.status === "completed");
    if (!purchase)
      throw new ConflictError("purchase-not-active", "Only a completed purchase can be installed.", {
        extensions: { state: purchases[0]!.status },
      });
    const chosen = releaseForInstall(await deps.releases.ofVersion(deps.db, marketplaceItemId, version), {
      boardId: device.board.id,
      application: device.application,
    });
    if ("problem" in chosen) {
      if (chosen.problem === "version-not-found") throw new NotFoundError(`Release ${version}`);
      throw new ConflictError(
        "release-incompatible",
        `Release ${version} is built for other boards than the device's (${device.board.name || device.board.id}).`,
      );
    }
    const now = deps.clock.now();
    const install = await deps.installs.insertOrInFlight({
      id: deps.ids.next(),
      providerOrganisationId: org,
      purchaseId: purchase.id,
      livemode: purchase.livemode,
      deviceId,
      marketplaceItemId,
      displayName: (await deps.items.displayName(deps.db, marketplaceItemId)) || purchase.displayName,
      version,
      releaseId: chosen.release.iotReleaseId!,
      rpcId: null,
      status: "queued",
      detail: null,
      attemptCount: 0,
      statusVersion: 0,
      queuedAt: now,
      updatedAt: now,
    });
    if (install.rpcId) return install;
    try {
      const queued = await deps.iot.queueInstall(
        { installId: install.id, deviceId, releaseId: install.releaseId },
        ctx,
      );
      return await deps.installs.queued(install.id, queued);
    } catch (error) {
      if (error instanceof AppError && error.code === "invalid-state")
        await deps.installs.refused(install.id, error.message);
      throw error;
    }
  };
}

/** An install's progress by its rpc id, for the caller's organisation only (another's is not-found). */
export function makeGetInstallRpc(deps: { installs: InstallRepository }) {
  return async (rpcId: string, ctx: CallContext): Promise<Install & { history: InstallStep[] }> => {
    const org = requirePrincipal(ctx, "provider").organisationId.toLowerCase();
    const id = rpcId.trim().toLowerCase();
    if (!id || id.length > 128) throw new ValidationError({ "path.rpcId": ["must be 1 to 128 characters"] });
    const found = await deps.installs.byRpcId(org, id);
    if (!found) throw new NotFoundError("RPC");
    return found;
  };
}

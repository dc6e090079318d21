import type { Queryable } from "@mp/db";
import { type FieldErrors, NotFoundError, ValidationError } from "@mp/errors";
import { type CallContext, requirePrincipal } from "@mp/grpc";
import { isGuid } from "@mp/ids";
import { type DownloadDenial, decideDownloadAccess } from "../domain/download-access";
import type {
  Clock,
  DeviceOwnersPort,
  KnownItemRepository,
  KnownReleaseRepository,
  ObjectUrlSigner,
  PurchaseRepository,
} from "./ports";

/** How long a presigned download lives (contract: 5 minutes). */
export const DOWNLOAD_URL_TTL_SECONDS = 300;

const DEVICE_ID = /^[0-9a-f]{16}$/i;

export interface DownloadAccessRequest {
  marketplaceItemId: string;
  version: string;
  deviceId: string;
}

export type DownloadAccess =
  | { eligible: false; reason: DownloadDenial }
  | {
      eligible: true;
      download: { url: string; expiresAt: Date; sizeBytes: number; sha256: string };
    };

function validate(request: DownloadAccessRequest): void {
  const errors: FieldErrors = {};
  if (!isGuid(request.marketplaceItemId)) errors["path.marketplaceItemId"] = ["must be a guid"];
  if (request.version.length < 1 || request.version.length > 64)
    errors["path.version"] = ["must be 1..64 characters"];
  if (!DEVICE_ID.test(request.deviceId)) errors["query.deviceId"] = ["must be 16 hex characters"];
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
}

/**
 * Whether a device may download a release of an item (any authenticated caller, for the caller's
 * organisation), and when it may, a presigned GET of the binary valid `DOWNLOAD_URL_TTL_SECONDS`. An item
 * purchases has never heard of is 404; everything else is an answer with a `reason`. Purchases count in
 * the deployment's default mode (`PAYMENTS_DEFAULT_LIVEMODE`): test purchases never unlock live downloads.
 */
export function makeGetDownloadAccess(deps: {
  db: Queryable;
  items: KnownItemRepository;
  releases: KnownReleaseRepository;
  purchases: PurchaseRepository;
  devices: DeviceOwnersPort;
  signer: ObjectUrlSigner;
  clock: Clock;
  defaultLivemode: boolean;
}) {
  return async (request: DownloadAccessRequest, ctx: CallContext): Promise<DownloadAccess> => {
    const caller = requirePrincipal(ctx);
    validate(request);
    const itemId = request.marketplaceItemId.toLowerCase();
    const deviceId = request.deviceId.toLowerCase();
    const organisationId = caller.organisationId.toLowerCase();
    if ((await deps.items.displayName(deps.db, itemId)) === undefined)
      throw new NotFoundError("Marketplace item");
    const device = await deps.devices.ownerOf(deviceId, ctx.requestId);
    const owned = device?.organisationId === organisationId;
    const [purchases, releases] = await Promise.all([
      owned
        ? deps.purchases.statusesOf({
            providerOrganisationId: organisationId,
            deviceId,
            marketplaceItemId: itemId,
            livemode: deps.defaultLivemode,
          })
        : [],
      deps.releases.ofVersion(deps.db, itemId, request.version),
    ]);
    const decision = decideDownloadAccess({ organisationId, device, purchases, releases });
    if (!decision.eligible) return decision;
    const { release } = decision;
    if (!release.objectKey || !release.sha256) return { eligible: false, reason: "preparing" };
    const signedAt = deps.clock.now();
    return {
      eligible: true,
      download: {
        url: await deps.signer.presignGet(release.objectKey),
        expiresAt: new Date(signedAt.getTime() + DOWNLOAD_URL_TTL_SECONDS * 1000),
        sizeBytes: release.sizeBytes,
        sha256: release.sha256,
      },
    };
  };
}

import type { DownloadAccess__Output } from "@mp/contracts/generated/marketplace/purchases/v1/DownloadAccess";
import type { z } from "zod";
import type { PurchasesClient } from "../../clients";
import { callUpstream, responses, routeOptions, type ZodApp } from "../route-kit";
import { isoTimestamp } from "../shared/timestamps";
import { DownloadAccess, DownloadAccessParams, DownloadAccessQuery } from "./catalogue.schemas";

type DownloadAccessDto = z.input<typeof DownloadAccess>;

export const toDownloadAccess = (m: DownloadAccess__Output): DownloadAccessDto =>
  m.eligible && m.download
    ? {
        eligible: true,
        download: {
          url: m.download.url,
          method: "GET",
          expiresAt: isoTimestamp(m.download.expiresAt),
          sizeBytes: Number(m.download.sizeBytes),
          sha256: m.download.sha256,
        },
      }
    : { eligible: false, reason: m.reason as DownloadAccessDto["reason"] };

/** Download access to a purchased release, over the purchases service (any authenticated caller). */
export function downloadAccessRoutes(app: ZodApp, deps: { purchases: PurchasesClient }): void {
  const route = routeOptions("authenticated", ["Downloads"]);
  app.get(
    "/marketplace/marketplace-items/:marketplaceItemId/downloads/:version/access",
    route(
      "getDownloadAccess",
      "Check a device's access to a release",
      "Any authenticated caller, for the caller's organisation. Eligible when the caller's organisation owns the device, the device has a completed purchase of the item (in the deployment's default payment mode), and the version has an `available` release for the device's board; the download is then a presigned GET valid 5 minutes whose bytes have `sizeBytes` and `sha256`. Otherwise `eligible` is false with the first failing check as `reason`, in this order: `not-device-owner` (another organisation's device, or one the IoT platform does not know), `not-purchased`, `purchase-not-active` (refunded, partially refunded or disputed), `version-not-found` (no release of that version, or its release for the board failed), `incompatible` (built only for other boards), `preparing` (still being copied). An unknown item is 404.",
      {
        params: DownloadAccessParams,
        querystring: DownloadAccessQuery,
        response: responses({ 200: DownloadAccess }, { notFound: true }),
      },
    ),
    async (request) => {
      const { marketplaceItemId, version } = request.params;
      return toDownloadAccess(
        await callUpstream(request, (ctx) =>
          deps.purchases.call(
            "getDownloadAccess",
            { marketplaceItemId, version, deviceId: request.query.deviceId },
            ctx,
          ),
        ),
      );
    },
  );
}

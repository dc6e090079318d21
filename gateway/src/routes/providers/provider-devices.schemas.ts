import { z } from "zod";
import {
  guid,
  guidInput,
  limitOffsetList,
  limitOffsetQuery,
  Money,
  paged,
  pageQuery,
  singleLine,
  timestamp,
} from "../common.schemas";
import { Board, DeviceIdInput } from "../shared/item.schemas";

const DeviceBoard = z
  .object({
    id: z
      .string()
      .describe("The IoT platform's board id.")
      .meta({ examples: ["nrf9160dk"] }),
    name: z
      .string()
      .describe("The board's name.")
      .meta({ examples: ["nRF9160 DK"] }),
  })
  .describe("The device's board.");
const DeviceApplication = z
  .object({ applicationId: z.int(), version: z.string() })
  .nullable()
  .describe("The application the device reports running; null when it reports none.");
const Metadata = z
  .record(z.string(), z.unknown())
  .describe("The IoT platform's device metadata, as stored there.")
  .meta({ examples: [{ site: "greenhouse-3", firmware: "2.1.0" }] });

export const Device = z
  .object({
    deviceId: z.string(),
    board: DeviceBoard,
    metadata: Metadata,
    lastSeenAt: timestamp.nullable(),
    application: DeviceApplication.describe("The application the device reports running."),
    purchaseCount: z.int().min(0),
  })
  .meta({ id: "Device", description: "An IoT device of the provider's organisation." });

export const DeviceList = limitOffsetList(Device);
export const DevicesQuery = z.object(limitOffsetQuery());
export const DeviceParams = z.object({ deviceId: DeviceIdInput });

export const HeldReason = z
  .enum(["amount-mismatch", "currency-mismatch"])
  .describe("Why the purchase is held: its payment did not match the listing's price. Absent otherwise.")
  .meta({ id: "PurchaseHeldReason" });

export const Purchase = z
  .object({
    id: guid,
    marketplaceItemId: guid,
    displayName: z.string(),
    listingId: guid,
    marketplaceInstanceId: guid,
    providerOrganisationId: guid,
    deviceId: z.string(),
    amount: Money.describe("The amount paid, from the payment event."),
    status: z
      .enum(["completed", "partially_refunded", "refunded", "disputed", "held"])
      .describe(
        "`held`: the payment's amount or currency differs from the listing's price (see `reason`); a held purchase gives no download or install access.",
      ),
    reason: HeldReason.optional(),
    livemode: z.boolean(),
    purchasedAt: timestamp,
    paymentReference: z.string(),
  })
  .meta({ id: "Purchase", description: "A purchase, created only by a payment notification." });

export const RpcStatusValue = z
  .enum(["queued", "sent", "succeeded", "failed", "cancelled", "expired", "already_installed"])
  .meta({
    id: "InstallStatus",
    description:
      "`queued` and `sent` while the IoT platform delivers the update; `succeeded`, `failed`, `cancelled`, `expired` are final; `already_installed`: the device already ran the release, nothing was queued.",
  });

export const Install = z
  .object({
    installId: guid,
    rpcId: z
      .string()
      .describe(
        "The IoT platform's application update id, stable from queue time; the install id when nothing was queued (`already_installed`).",
      ),
    deviceId: z.string(),
    marketplaceItemId: guid,
    version: z.string(),
    status: RpcStatusValue,
    queuedAt: timestamp,
  })
  .meta({ id: "Install", description: "A queued device application update." });

export const DeviceDetails = z
  .object({
    deviceId: z.string(),
    board: DeviceBoard,
    metadata: Metadata,
    state: z
      .object({
        application: DeviceApplication,
        lastSeenAt: timestamp.nullable(),
        lastRoute: z.string().nullable(),
      })
      .describe("What the IoT platform last heard from the device."),
    purchases: z.array(Purchase).describe("The device's purchases of your listings, newest first."),
    installs: z.array(Install).describe("Recent installs, newest first."),
  })
  .meta({ id: "DeviceDetails", description: "A device with its state, purchases and recent installs." });

export const DevicePurchaseParams = z.object({
  deviceId: DeviceIdInput,
  marketplaceItemId: guidInput("Purchased marketplace item id (guid, any case)."),
});

export const PurchaseRelease = z
  .object({
    version: z.string(),
    releaseId: z.string(),
    board: Board,
    compatibility: z
      .enum(["compatible", "incompatible", "installed", "unknown"])
      .describe("Whether the release fits the device's board; `installed`: the device runs it now."),
    reason: z.string().optional().describe("Why the release is `incompatible` or `unknown`."),
    createdAt: timestamp,
  })
  .meta({
    id: "PurchaseRelease",
    description:
      "A release of a purchased item; `installed` means the device reports this application and version.",
  });

export const PurchaseReleasePage = paged(PurchaseRelease);
export const PurchaseReleasesQuery = z.object(pageQuery(["createdAt", "version"]));

export const InstallBody = z.strictObject({
  version: singleLine().min(1).max(64).describe("Release version to install."),
});

export const RpcParams = z.object({
  rpcId: singleLine()
    .min(1)
    .max(128)
    .describe(
      "An install's `rpcId`: the IoT platform's application update id (the install id when the device already ran the release).",
    ),
});

export const RpcStatus = z
  .object({
    rpcId: z.string().describe("The IoT platform's application update id."),
    installId: guid,
    deviceId: z.string(),
    marketplaceItemId: guid,
    version: z.string(),
    status: RpcStatusValue,
    detail: z
      .string()
      .nullable()
      .describe("The IoT platform's message about the last status; null when none."),
    attemptCount: z.int().min(0),
    updatedAt: timestamp,
    history: z
      .array(z.object({ status: RpcStatusValue, at: timestamp }))
      .describe("Every status the install went through, oldest first."),
  })
  .meta({ id: "RpcStatus", description: "Progress of an install, following the IoT platform's records." });

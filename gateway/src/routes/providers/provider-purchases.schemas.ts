import { z } from "zod";
import { guid, Money, paged, pageQuery, queryBool, queryInt, timestamp, utcQuery } from "../common.schemas";
import { DeviceIdInput } from "../shared/item.schemas";
import { HeldReason, Purchase } from "./provider-devices.schemas";

const Livemode = queryBool(
  "Live (`true`) or test (`false`) payments; the deployment's default mode when omitted.",
).optional();

export const PurchasePage = paged(Purchase);

export const PurchasesQuery = z.object({
  deviceId: DeviceIdInput.optional(),
  livemode: Livemode,
  ...pageQuery(["purchasedAt", "amount"], "purchasedAt"),
});

export const ActivityQuery = z.object({
  startUtc: utcQuery("Start of the window (inclusive).").optional(),
  endUtc: utcQuery("End of the window (exclusive).").optional(),
  limit: queryInt(1, 500, 50).describe("Entries to return, 1..500; default 50."),
  livemode: Livemode,
});

export const Activity = z
  .object({
    items: z
      .array(
        z.object({
          kind: z.enum(["purchase", "refund", "dispute", "install"]).describe("What happened."),
          at: timestamp,
          marketplaceItemId: guid,
          displayName: z.string(),
          deviceId: z.string(),
          amount: Money.optional().describe("The amount paid or refunded; absent for installs."),
          reason: HeldReason.optional(),
        }),
      )
      .describe("Up to `limit` entries, newest first."),
    limit: z.int().describe("Entries asked for, as requested."),
  })
  .meta({ id: "PurchaseActivity", description: "Purchases, refunds, disputes and installs, newest first." });

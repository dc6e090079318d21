import { z } from "zod";
import { CurrencyCode, guid, paged, pageQuery, queryBool, timestamp, utcQuery } from "../common.schemas";

const windowQuery = {
  startUtc: utcQuery("Start of the window (inclusive); a bare date is midnight UTC.").optional(),
  endUtc: utcQuery("End of the window (exclusive).").optional(),
  livemode: queryBool("Live (`true`) or test (`false`) data; both when omitted.").optional(),
};

/** Amounts in the currency's minor unit; net values can be negative after refunds. */
const amount = z.int();

export const SummaryQuery = z.object(windowQuery);

export const EarningsSummary = z
  .object({
    startUtc: timestamp.nullable(),
    endUtc: timestamp.nullable(),
    totals: z.array(
      z.object({
        currency: CurrencyCode,
        grossSales: amount,
        refunds: amount,
        platformFees: amount,
        developerCosts: amount,
        netEarnings: amount,
        purchaseCount: z.int().min(0),
      }),
    ),
  })
  .meta({ id: "EarningsSummary", description: "One row per currency; amounts in minor units." });

export const TimeseriesQuery = z.object({
  interval: z.enum(["day", "week", "month"]).describe("Bucket size; weeks start on Monday, UTC."),
  ...windowQuery,
});

export const EarningsTimeseries = z
  .object({
    interval: z.enum(["day", "week", "month"]),
    points: z.array(
      z.object({
        periodStart: timestamp,
        currency: CurrencyCode,
        grossSales: amount,
        netEarnings: amount,
        purchaseCount: z.int().min(0),
      }),
    ),
  })
  .meta({ id: "EarningsTimeseries", description: "Every bucket of the window is present, zero-filled." });

export const AppsQuery = z.object({
  ...windowQuery,
  ...pageQuery(["netEarnings", "grossSales", "purchaseCount", "displayName"], "netEarnings"),
});

export const AppEarnings = z
  .object({
    marketplaceItemId: guid,
    displayName: z.string(),
    currency: CurrencyCode,
    grossSales: amount,
    refunds: amount,
    netEarnings: amount,
    purchaseCount: z.int().min(0),
  })
  .meta({ id: "AppEarnings" });

export const AppEarningsPage = paged(AppEarnings);

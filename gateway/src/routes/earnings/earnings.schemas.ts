import { z } from "zod";
import {
  CurrencyCode,
  guid,
  guidInput,
  paged,
  pageQuery,
  queryBool,
  timestamp,
  utcQuery,
} from "../common.schemas";

const windowQuery = {
  startUtc: utcQuery("Start of the window (inclusive); a bare date is midnight UTC.").optional(),
  endUtc: utcQuery("End of the window (exclusive); must follow `startUtc`.").optional(),
  livemode: queryBool(
    "Live (`true`) or test (`false`) data; when omitted, the deployment's default mode (test in development, live in production).",
  ).optional(),
};

/** Amounts in the currency's minor unit; net values can be negative after refunds. */
const amount = z.int();

export const SummaryQuery = z.object(windowQuery);

export const EarningsSummary = z
  .object({
    startUtc: timestamp.nullable().describe("The window's start; null when unbounded."),
    endUtc: timestamp.nullable().describe("The window's end (exclusive); null when unbounded."),
    totals: z
      .array(
        z.object({
          currency: CurrencyCode,
          grossSales: amount,
          refunds: amount,
          platformFees: amount,
          developerCosts: amount,
          netEarnings: amount,
          purchaseCount: z.int().min(0),
        }),
      )
      .describe("One row per currency with earnings in the window."),
  })
  .meta({ id: "EarningsSummary", description: "One row per currency; amounts in minor units." });

export const TimeseriesQuery = z.object({
  interval: z.enum(["day", "week", "month"]).describe("Bucket size; weeks start on Monday, UTC."),
  ...windowQuery,
});

export const EarningsTimeseries = z
  .object({
    interval: z.enum(["day", "week", "month"]).describe("Bucket size, as requested."),
    points: z
      .array(
        z.object({
          periodStart: timestamp,
          currency: CurrencyCode,
          grossSales: amount,
          netEarnings: amount,
          purchaseCount: z.int().min(0),
        }),
      )
      .describe("One point per bucket and currency, oldest first."),
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
  .meta({ id: "AppEarnings", description: "Earnings of one item in one currency over the window." });

export const AppEarningsPage = paged(AppEarnings);

export const PlatformQuery = z.object({
  ...windowQuery,
  marketplaceInstanceId: guidInput("Only this instance's fees.").optional(),
  currency: CurrencyCode.optional().describe("Only this currency."),
  ...pageQuery(["month", "platformFees", "grossSales", "saleCount"], "month"),
});

export const PlatformFees = z
  .object({
    marketplaceInstanceId: guid,
    currency: CurrencyCode,
    month: z
      .string()
      .regex(/^\d{4}-\d{2}$/)
      .describe("The UTC calendar month, `YYYY-MM`."),
    platformFees: amount.describe("Fees of sales minus the fee share of reversals, in minor units."),
    grossSales: amount.describe("Gross of sales (reversals not deducted), in minor units."),
    saleCount: z.int().min(0),
  })
  .meta({ id: "PlatformFees", description: "The platform's fees of one instance, currency and UTC month." });

export const PlatformFeesPage = paged(PlatformFees);

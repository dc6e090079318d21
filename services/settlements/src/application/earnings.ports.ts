import type { PageQuery } from "@mp/db";
import type { Interval, WindowSplit } from "./earnings-window";

/** Amounts are integers in the currency's minor unit. */
export interface EarningsTotalsRow {
  currency: string;
  grossSales: number;
  refunds: number;
  platformFees: number;
  developerCosts: number;
  netEarnings: number;
  purchaseCount: number;
}

export interface EarningsPointRow {
  periodStart: Date;
  currency: string;
  grossSales: number;
  netEarnings: number;
  purchaseCount: number;
}

export interface AppEarningsRow {
  marketplaceItemId: string;
  displayName: string;
  currency: string;
  grossSales: number;
  refunds: number;
  netEarnings: number;
  purchaseCount: number;
}

export interface PlatformFeesRow {
  marketplaceInstanceId: string;
  currency: string;
  /** YYYY-MM (UTC). */
  month: string;
  platformFees: number;
  grossSales: number;
  saleCount: number;
}

export const APP_ORDERS = ["netEarnings", "grossSales", "purchaseCount", "displayName"] as const;
export type AppOrder = (typeof APP_ORDERS)[number];
export const PLATFORM_ORDERS = ["month", "platformFees", "grossSales", "saleCount"] as const;
export type PlatformOrder = (typeof PLATFORM_ORDERS)[number];

/** Sums over the ledger; every method reads whole days from the daily aggregate and edge days raw. */
export interface EarningsRepository {
  summary(organisationId: string, livemode: boolean, split: WindowSplit): Promise<EarningsTotalsRow[]>;
  /** Buckets from `first` to `last` (their first instants) for every currency the provider has. */
  timeseries(
    organisationId: string,
    livemode: boolean,
    interval: Interval,
    first: Date,
    last: Date,
    split: WindowSplit,
  ): Promise<EarningsPointRow[]>;
  apps(
    organisationId: string,
    livemode: boolean,
    split: WindowSplit,
    page: PageQuery<AppOrder>,
  ): Promise<{ items: AppEarningsRow[]; totalCount: number }>;
  platform(
    livemode: boolean,
    filters: { marketplaceInstanceId?: string | undefined; currency?: string | undefined },
    split: WindowSplit,
    page: PageQuery<PlatformOrder>,
  ): Promise<{ items: PlatformFeesRow[]; totalCount: number }>;
}

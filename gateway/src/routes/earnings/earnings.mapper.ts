/** int64 fields arrive as strings (the loader's `longs: String`); amounts stay far below 2^53. */
const n = (value: string | number | null | undefined) => Number(value ?? 0);

interface Totals {
  currency: string;
  grossSales: string | number;
  refunds: string | number;
  platformFees: string | number;
  developerCosts: string | number;
  netEarnings: string | number;
  purchaseCount: number;
}

export const toSummary = (r: { startUtc: string; endUtc: string; totals: Totals[] }) => ({
  startUtc: r.startUtc || null,
  endUtc: r.endUtc || null,
  totals: r.totals.map((t) => ({
    currency: t.currency,
    grossSales: n(t.grossSales),
    refunds: n(t.refunds),
    platformFees: n(t.platformFees),
    developerCosts: n(t.developerCosts),
    netEarnings: n(t.netEarnings),
    purchaseCount: t.purchaseCount,
  })),
});

export const toTimeseries = (r: {
  interval: string;
  points: {
    periodStart: string;
    currency: string;
    grossSales: string | number;
    netEarnings: string | number;
    purchaseCount: number;
  }[];
}) => ({
  interval: r.interval as "day" | "week" | "month",
  points: r.points.map((p) => ({
    periodStart: p.periodStart,
    currency: p.currency,
    grossSales: n(p.grossSales),
    netEarnings: n(p.netEarnings),
    purchaseCount: p.purchaseCount,
  })),
});

interface Page<T> {
  items: T[];
  page: number;
  pageSize: number;
  totalCount: number;
  totalPages: number;
}

export const toAppEarningsPage = (
  r: Page<{
    marketplaceItemId: string;
    displayName: string;
    currency: string;
    grossSales: string | number;
    refunds: string | number;
    netEarnings: string | number;
    purchaseCount: number;
  }>,
) => ({
  ...r,
  items: r.items.map((i) => ({
    marketplaceItemId: i.marketplaceItemId,
    displayName: i.displayName,
    currency: i.currency,
    grossSales: n(i.grossSales),
    refunds: n(i.refunds),
    netEarnings: n(i.netEarnings),
    purchaseCount: i.purchaseCount,
  })),
});

export const toPlatformFeesPage = (
  r: Page<{
    marketplaceInstanceId: string;
    currency: string;
    month: string;
    platformFees: string | number;
    grossSales: string | number;
    saleCount: number;
  }>,
) => ({
  ...r,
  items: r.items.map((i) => ({
    marketplaceInstanceId: i.marketplaceInstanceId,
    currency: i.currency,
    month: i.month,
    platformFees: n(i.platformFees),
    grossSales: n(i.grossSales),
    saleCount: i.saleCount,
  })),
});

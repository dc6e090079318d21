/** The buckets both Earnings pages (provider and developer) chart by. */
export type Interval = "day" | "week" | "month";

/** How far back each interval looks, the same windows on both pages. */
export const WINDOW_DAYS: Record<Interval, number> = { day: 30, week: 12 * 7, month: 365 };

export const DAY_MS = 86_400_000;

/** The window an interval looks at, ending now. */
export function windowFor(interval: Interval, now = new Date()): { start: Date; end: Date } {
  return { start: new Date(now.getTime() - WINDOW_DAYS[interval] * DAY_MS), end: now };
}

/** A bucket's label on a chart: its day, or its month for monthly buckets. */
export function periodLabel(periodStart: string, interval: Interval): string {
  return periodStart.slice(0, interval === "month" ? 7 : 10);
}

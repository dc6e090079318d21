import { type FieldErrors, ValidationError } from "@mp/errors";

/** A window `[start, end)`; an absent side is unbounded. */
export interface Window {
  start?: Date | undefined;
  end?: Date | undefined;
}

/**
 * How a window is read: whole UTC days from the daily aggregate (`days`, dates), the whole hours of the
 * partial edge days from the hourly aggregate (`hours`, two instant ranges), and only the partial hours at
 * either end from the raw movements (`raw`, two instant ranges). Every range is half-open and may be
 * empty; values are PostgreSQL literals (`-infinity` / `infinity` for an unbounded side).
 */
export interface WindowSplit {
  days: [string, string];
  hours: [[string, string], [string, string]];
  raw: [[string, string], [string, string]];
}

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
export const INTERVALS = ["day", "week", "month"] as const;
export type Interval = (typeof INTERVALS)[number];

/** At most this many buckets per timeseries (about 13 months of days, 5 years of weeks, 10 years of months). */
export const MAX_BUCKETS: Record<Interval, number> = { day: 400, week: 260, month: 120 };

const literal = (ms: number, date: boolean) =>
  ms === Number.NEGATIVE_INFINITY
    ? "-infinity"
    : ms === Number.POSITIVE_INFINITY
      ? "infinity"
      : date
        ? new Date(ms).toISOString().slice(0, 10)
        : new Date(ms).toISOString();
const range = (from: number, to: number, date = false): [string, string] =>
  from < to ? [literal(from, date), literal(to, date)] : date ? ["1970-01-01", "1970-01-01"] : EMPTY;
const EMPTY: [string, string] = ["1970-01-01T00:00:00.000Z", "1970-01-01T00:00:00.000Z"];
const ceilTo = (ms: number, unit: number) => (Number.isFinite(ms) ? Math.ceil(ms / unit) * unit : ms);
const floorTo = (ms: number, unit: number) => (Number.isFinite(ms) ? Math.floor(ms / unit) * unit : ms);

export function splitWindow(window: Window): WindowSplit {
  const start = window.start?.getTime() ?? Number.NEGATIVE_INFINITY;
  const end = window.end?.getTime() ?? Number.POSITIVE_INFINITY;
  const firstHour = ceilTo(start, HOUR_MS);
  const lastHourEnd = floorTo(end, HOUR_MS);
  if (firstHour >= lastHourEnd)
    // Not one whole hour inside: the raw movements only.
    return { days: range(0, 0, true), hours: [EMPTY, EMPTY], raw: [range(start, end), EMPTY] };
  const firstDay = ceilTo(start, DAY_MS);
  const lastDayEnd = floorTo(end, DAY_MS);
  const raw: WindowSplit["raw"] = [range(start, firstHour), range(lastHourEnd, end)];
  if (firstDay >= lastDayEnd)
    // Not one whole day inside: whole hours and the partial hours at the ends.
    return { days: range(0, 0, true), hours: [range(firstHour, lastHourEnd), EMPTY], raw };
  return {
    days: range(firstDay, lastDayEnd, true),
    hours: [range(firstHour, firstDay), range(lastDayEnd, lastHourEnd)],
    raw,
  };
}

/** The first instant of the UTC bucket holding `at` (weeks start on Monday). */
export function bucketStart(at: Date, interval: Interval): Date {
  const day = Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate());
  if (interval === "day") return new Date(day);
  if (interval === "week") {
    const sinceMonday = (new Date(day).getUTCDay() + 6) % 7;
    return new Date(day - sinceMonday * DAY_MS);
  }
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1));
}

export function nextBucket(at: Date, interval: Interval): Date {
  if (interval === "day") return new Date(at.getTime() + DAY_MS);
  if (interval === "week") return new Date(at.getTime() + 7 * DAY_MS);
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 1));
}

/** Number of buckets touching `[start, end)`. */
export function bucketCount(start: Date, end: Date, interval: Interval): number {
  const first = bucketStart(start, interval);
  const last = bucketStart(new Date(end.getTime() - 1), interval);
  if (interval === "month")
    return (
      (last.getUTCFullYear() - first.getUTCFullYear()) * 12 + last.getUTCMonth() - first.getUTCMonth() + 1
    );
  return Math.round((last.getTime() - first.getTime()) / ((interval === "day" ? 1 : 7) * DAY_MS)) + 1;
}

/**
 * Default timeseries window: ends now (exclusive), starts 30 days (day), 12 weeks (week) or 12 months
 * (month) before its end; a given side is kept.
 */
export function defaultSeriesWindow(window: Window, interval: Interval, now: Date): Required<Window> {
  const end = window.end ?? now;
  if (window.start) return { start: window.start, end };
  if (interval === "month")
    return {
      start: new Date(
        Date.UTC(
          end.getUTCFullYear(),
          end.getUTCMonth() - 12,
          end.getUTCDate(),
          end.getUTCHours(),
          end.getUTCMinutes(),
          end.getUTCSeconds(),
          end.getUTCMilliseconds(),
        ),
      ),
      end,
    };
  return { start: new Date(end.getTime() - (interval === "day" ? 30 : 84) * DAY_MS), end };
}

function parseInstant(value: string, field: string, errors: FieldErrors): Date | undefined {
  if (!value) return undefined;
  const at = new Date(value);
  if (Number.isNaN(at.getTime())) {
    errors[field] = ["must be an ISO 8601 date-time"];
    return undefined;
  }
  return at;
}

/** Parses `startUtc` / `endUtc` as received (empty: not given); the end must follow the start. */
export function parseWindow(raw: { startUtc: string; endUtc: string }): Window {
  const errors: FieldErrors = {};
  const start = parseInstant(raw.startUtc, "query.startUtc", errors);
  const end = parseInstant(raw.endUtc, "query.endUtc", errors);
  if (start && end && end.getTime() <= start.getTime()) errors["query.endUtc"] = ["must be after startUtc"];
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
  return { start, end };
}

/**
 * When a failed delivery is tried again: the delays after the 1st, 2nd, ... failed attempt (the last
 * repeats), for at most `windowMs` after the first attempt; then the delivery has failed for good and its
 * endpoint is disabled.
 */
export interface RetrySchedule {
  delaysMs: readonly number[];
  windowMs: number;
}

/** About 10 s, 1 min, 5 min, 30 min, 2 h, then every 6 h, for 3 days (issue 27). */
export const DEFAULT_RETRY_SCHEDULE: RetrySchedule = {
  delaysMs: [10_000, 60_000, 300_000, 1_800_000, 7_200_000, 21_600_000],
  windowMs: 3 * 86_400_000,
};

const UNIT_MS: Record<string, number> = { ms: 1, s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/** `250ms`, `10s`, `5m`, `2h`, `3d` -> milliseconds; undefined when unreadable or not positive. */
export function parseDuration(text: string): number | undefined {
  const match = /^(\d+)(ms|s|m|h|d)$/.exec(text.trim());
  if (!match) return undefined;
  const ms = Number(match[1]) * (UNIT_MS[match[2] as string] as number);
  return ms > 0 ? ms : undefined;
}

/**
 * `WEBHOOK_RETRY_SCHEDULE`: the delays, comma-separated, then optionally `/` and the window, e.g.
 * `10s,1m,5m,30m,2h,6h/3d` (the default) or `100ms,200ms/1s` in tests. A message when unreadable.
 */
export function parseRetrySchedule(text: string): RetrySchedule | string {
  const [list = "", window] = text.split("/");
  const delaysMs = list.split(",").map(parseDuration);
  if (delaysMs.length === 0 || delaysMs.some((d) => d === undefined))
    return "expected delays like 10s,1m,5m,30m,2h,6h (units ms, s, m, h, d), optionally /<window> such as /3d";
  const windowMs = window === undefined ? DEFAULT_RETRY_SCHEDULE.windowMs : parseDuration(window);
  if (windowMs === undefined) return "the window after / must be a duration such as 3d";
  return { delaysMs: delaysMs as number[], windowMs };
}

/**
 * After the `attempts`-th attempt failed (1-based) at `now`, the time of the next attempt, or undefined
 * when it would fall beyond the window that began with the first attempt.
 */
export function nextAttemptAt(
  schedule: RetrySchedule,
  attempts: number,
  firstAttemptAt: Date,
  now: Date,
): Date | undefined {
  const delays = schedule.delaysMs;
  const delay = delays[Math.min(attempts, delays.length) - 1] ?? (delays[delays.length - 1] as number);
  const next = new Date(now.getTime() + delay);
  return next.getTime() - firstAttemptAt.getTime() > schedule.windowMs ? undefined : next;
}

/** The longest pause a Retry-After can impose; a platform asking for more is asked again after this. */
export const MAX_RETRY_AFTER_MS = 60_000;
/** The pause after a 429 without a usable Retry-After. */
export const DEFAULT_RETRY_AFTER_MS = 1_000;

/**
 * The pause a `Retry-After` header asks for (RFC 9110 10.2.3): delay-seconds (a non-negative integer;
 * decimals are tolerated) or an HTTP date, relative to `nowMs`. Absent or unreadable: the default; a date
 * in the past: 0; always capped at MAX_RETRY_AFTER_MS.
 */
export function retryAfterMs(header: string | null | undefined, nowMs: number): number {
  const value = header?.trim();
  if (!value) return DEFAULT_RETRY_AFTER_MS;
  let ms: number;
  if (/^\d+(\.\d+)?$/.test(value)) ms = Number(value) * 1000;
  else {
    const at = Date.parse(value);
    if (Number.isNaN(at) || !/[a-z]/i.test(value)) return DEFAULT_RETRY_AFTER_MS;
    ms = at - nowMs;
  }
  return Math.min(MAX_RETRY_AFTER_MS, Math.max(0, Math.ceil(ms)));
}

/** "00" to "99", and "000" to "999": the fixed-width fields of a timestamp, looked up instead of padded. */
const TWO_DIGITS = Array.from({ length: 100 }, (_, n) => String(n).padStart(2, "0"));
const THREE_DIGITS = Array.from({ length: 1000 }, (_, n) => String(n).padStart(3, "0"));

/**
 * A Date in the contract's timestamp form (`2026-11-28T06:51:31.258Z`): exactly what
 * `Date.prototype.toISOString()` returns, built from the UTC fields and lookup tables. V8's own
 * toISOString formats each field with snprintf, about three times the cost; list answers write one per
 * row. Years outside 0000-9999 (which toISOString writes with a sign and six digits) and invalid dates
 * (which it throws on) are left to toISOString.
 */
export function isoInstant(date: Date): string {
  const year = date.getUTCFullYear();
  if (!(year >= 0 && year <= 9999)) return date.toISOString();
  return (
    TWO_DIGITS[(year / 100) | 0]! +
    TWO_DIGITS[year % 100]! +
    "-" +
    TWO_DIGITS[date.getUTCMonth() + 1]! +
    "-" +
    TWO_DIGITS[date.getUTCDate()]! +
    "T" +
    TWO_DIGITS[date.getUTCHours()]! +
    ":" +
    TWO_DIGITS[date.getUTCMinutes()]! +
    ":" +
    TWO_DIGITS[date.getUTCSeconds()]! +
    "." +
    THREE_DIGITS[date.getUTCMilliseconds()]! +
    "Z"
  );
}

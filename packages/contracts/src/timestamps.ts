/** Character codes of what a timestamp is made of. */
const ZERO = 48;
const DASH = 45;
const T = 84;
const COLON = 58;
const DOT = 46;
const Z = 90;

/**
 * A Date in the contract's timestamp form (`2026-11-28T06:51:31.258Z`): exactly what
 * `Date.prototype.toISOString()` returns, built from the UTC fields as one string of 24 character codes.
 * V8's own toISOString formats each field with snprintf, several times the cost; list answers write one per
 * row. Joining the fields with `+` allocated a dozen partial strings per timestamp (about 500 bytes, the
 * largest single share of the catalogue's garbage per instances page: docs/benchmarks.md). Years outside
 * 0000-9999 (which toISOString writes with a sign and six digits) and invalid dates (which it throws on)
 * are left to toISOString.
 */
export function isoInstant(date: Date): string {
  const year = date.getUTCFullYear();
  if (!(year >= 0 && year <= 9999)) return date.toISOString();
  const month = date.getUTCMonth() + 1;
  const day = date.getUTCDate();
  const hours = date.getUTCHours();
  const minutes = date.getUTCMinutes();
  const seconds = date.getUTCSeconds();
  const ms = date.getUTCMilliseconds();
  return String.fromCharCode(
    ZERO + ((year / 1000) | 0),
    ZERO + (((year / 100) | 0) % 10),
    ZERO + (((year / 10) | 0) % 10),
    ZERO + (year % 10),
    DASH,
    ZERO + ((month / 10) | 0),
    ZERO + (month % 10),
    DASH,
    ZERO + ((day / 10) | 0),
    ZERO + (day % 10),
    T,
    ZERO + ((hours / 10) | 0),
    ZERO + (hours % 10),
    COLON,
    ZERO + ((minutes / 10) | 0),
    ZERO + (minutes % 10),
    COLON,
    ZERO + ((seconds / 10) | 0),
    ZERO + (seconds % 10),
    DOT,
    ZERO + ((ms / 100) | 0),
    ZERO + (((ms / 10) | 0) % 10),
    ZERO + (ms % 10),
    Z,
  );
}

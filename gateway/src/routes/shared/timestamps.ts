/** `YYYY-MM-DDTHH:mm:ss.sssZ` with hours 00-23 and minutes and seconds 00-59; days checked below. */
const CANONICAL =
  /^\d{4}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\d|3[01])T(?:[01]\d|2[0-3]):[0-5]\d:[0-5]\d\.\d{3}Z$/;

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function daysIn(year: number, month: number): number {
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  return month === 2 && leap ? 29 : DAYS_IN_MONTH[month - 1]!;
}

/** The number written by the ASCII digits of `value` from `start` to `end` (exclusive). */
function digits(value: string, start: number, end: number): number {
  let n = 0;
  for (let i = start; i < end; i++) n = n * 10 + value.charCodeAt(i) - 48;
  return n;
}

/**
 * A timestamp from a service in the contract's form (ISO 8601 UTC with milliseconds and `Z`): exactly
 * `new Date(value).toISOString()`, which also throws on a value that is no date. Services send that form
 * already (they write `Date.prototype.toISOString()`), so a value in it with a real calendar date is
 * returned as it is, without a Date parsed and printed again per field; anything else (an offset, fewer
 * digits, a day past the month's end, which Date rolls over into the next month) goes through Date.
 */
export function isoTimestamp(value: string): string {
  // A plain test (no match array, no substrings) and the digits read in place: this runs for every
  // timestamp of every answer. Days up to 28 exist in every month; only later ones need the calendar.
  if (CANONICAL.test(value)) {
    const day = digits(value, 8, 10);
    if (day <= 28 || day <= daysIn(digits(value, 0, 4), digits(value, 5, 7))) return value;
  }
  return new Date(value).toISOString();
}

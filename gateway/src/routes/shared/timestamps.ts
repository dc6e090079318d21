/** `YYYY-MM-DDTHH:mm:ss.sssZ` with hours 00-23 and minutes and seconds 00-59; days checked below. */
const CANONICAL = /^(\d{4})-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])T([01]\d|2[0-3]):[0-5]\d:[0-5]\d\.\d{3}Z$/;

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function daysIn(year: number, month: number): number {
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  return month === 2 && leap ? 29 : DAYS_IN_MONTH[month - 1]!;
}

/**
 * A timestamp from a service in the contract's form (ISO 8601 UTC with milliseconds and `Z`): exactly
 * `new Date(value).toISOString()`, which also throws on a value that is no date. Services send that form
 * already (they write `Date.prototype.toISOString()`), so a value in it with a real calendar date is
 * returned as it is, without a Date parsed and printed again per field; anything else (an offset, fewer
 * digits, a day past the month's end, which Date rolls over into the next month) goes through Date.
 */
export function isoTimestamp(value: string): string {
  const match = CANONICAL.exec(value);
  if (match && Number(match[3]) <= daysIn(Number(match[1]), Number(match[2]))) return value;
  return new Date(value).toISOString();
}

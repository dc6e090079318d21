import pg from "pg";

const TIMESTAMPTZ_OID = 1184;
const INT8_OID = 20;

type TextParser = (value: string) => unknown;

const defaultTimestamptz = pg.types.getTypeParser(TIMESTAMPTZ_OID, "text") as TextParser;

/** Digit value of `text[at]`, or -1 when it is not an ASCII digit. */
function digit(text: string, at: number): number {
  const code = text.charCodeAt(at) - 48;
  return code >= 0 && code <= 9 ? code : -1;
}

/** The two digits at `at` as a number, or -1 unless both are digits. */
function twoDigits(text: string, at: number): number {
  const tens = digit(text, at);
  const ones = digit(text, at + 1);
  return tens < 0 || ones < 0 ? -1 : tens * 10 + ones;
}

/**
 * A `timestamptz` in PostgreSQL's ISO output (`2026-11-27 02:00:24.787123+00`, the offset `+05:30` or
 * `-03:00:15` in other session time zones) as a Date, read without the regular expressions of pg's own
 * parser (postgres-date), which ran several per row. The result is the same instant: fractional seconds
 * beyond the millisecond are dropped, as postgres-date does. Anything else (years before 100 or after 9999,
 * BC, infinity, another DateStyle) goes to pg's parser unchanged.
 */
export function parseTimestamptz(text: string): unknown {
  const length = text.length;
  if (
    length < 22 ||
    text.charCodeAt(4) !== 45 /* - */ ||
    text.charCodeAt(7) !== 45 ||
    text.charCodeAt(10) !== 32 /* space */ ||
    text.charCodeAt(13) !== 58 /* : */ ||
    text.charCodeAt(16) !== 58
  ) {
    return defaultTimestamptz(text);
  }
  const century = twoDigits(text, 0);
  const yearOfCentury = twoDigits(text, 2);
  const month = twoDigits(text, 5);
  const day = twoDigits(text, 8);
  const hour = twoDigits(text, 11);
  const minute = twoDigits(text, 14);
  const second = twoDigits(text, 17);
  if (century < 1 || yearOfCentury < 0 || month < 0 || day < 0 || hour < 0 || minute < 0 || second < 0) {
    return defaultTimestamptz(text);
  }
  let at = 19;
  let millis = 0;
  if (text.charCodeAt(at) === 46 /* . */) {
    at++;
    let scale = 100;
    let d = digit(text, at);
    if (d < 0) return defaultTimestamptz(text);
    while (d >= 0) {
      millis += d * scale;
      scale = (scale / 10) | 0;
      at++;
      d = digit(text, at);
    }
  }
  const sign = text.charCodeAt(at);
  if (sign !== 43 /* + */ && sign !== 45 /* - */) return defaultTimestamptz(text);
  let offsetSeconds = twoDigits(text, at + 1) * 3600;
  at += 3;
  if (offsetSeconds < 0) return defaultTimestamptz(text);
  for (let unit = 60; at < length && unit >= 1; unit /= 60) {
    const part = text.charCodeAt(at) === 58 ? twoDigits(text, at + 1) : -1;
    if (part < 0) return defaultTimestamptz(text);
    offsetSeconds += part * unit;
    at += 3;
  }
  if (at !== length) return defaultTimestamptz(text);
  const utc =
    Date.UTC(century * 100 + yearOfCentury, month - 1, day, hour, minute, second, millis) -
    (sign === 45 ? -offsetSeconds : offsetSeconds) * 1000;
  return new Date(utc);
}

/** An `int8` as pg gives it by default (its text, never a number that could lose digits), without its regexp test. */
function parseInt8Text(text: string): string {
  return text;
}

/**
 * The type parsers of every pool: pg's own, but `timestamptz` and `int8` read by the cheaper parsers above
 * (same results), so a list of rows with timestamps costs no regular expression per row.
 */
export const POOL_TYPES = {
  getTypeParser(oid: number, format?: "text" | "binary"): unknown {
    if (format !== "binary") {
      if (oid === TIMESTAMPTZ_OID) return parseTimestamptz;
      if (oid === INT8_OID) return parseInt8Text;
    }
    return pg.types.getTypeParser(oid, format as "text");
  },
} as pg.CustomTypesConfig;

import { InvalidArgumentError } from "commander";

/** Commander value parsers: a bad value is a usage error (exit 1) naming the option. */
export function integer(min: number, max = Number.MAX_SAFE_INTEGER) {
  return (value: string): number => {
    if (!/^-?\d+$/.test(value)) throw new InvalidArgumentError("Expected an integer.");
    const n = Number(value);
    if (n < min || n > max) throw new InvalidArgumentError(`Expected ${min}..${max}.`);
    return n;
  };
}

export function currency(value: string): string {
  if (!/^[A-Za-z]{3}$/.test(value)) throw new InvalidArgumentError("Expected an ISO 4217 code such as EUR.");
  return value.toUpperCase();
}

export function oneOf<const T extends string>(values: readonly T[]) {
  return (value: string): T => {
    if (!values.includes(value as T)) throw new InvalidArgumentError(`Expected one of ${values.join(", ")}.`);
    return value as T;
  };
}

/** Seconds to wait, 1..3600. */
export const seconds = integer(1, 3600);

/** Page options shared by page lists. */
export interface PageOptions {
  page: number;
  pageSize: number;
}

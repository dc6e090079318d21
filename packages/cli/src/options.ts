import { type Command, InvalidArgumentError } from "commander";

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

/** `--page` and `--page-size` on a command over a page list. */
export const pageOptions = (command: Command) =>
  command
    .option("--page <n>", "page number, 1..10000", integer(1, 10_000), 1)
    .option("--page-size <n>", "items per page, 1..100", integer(1, 100), 20);

/** The last line of a page printed for people. */
export const pageLine = (page: { page: number; totalPages: number; totalCount: number }) =>
  `page ${page.page} of ${page.totalPages} (${page.totalCount} in all)`;

/** A page list's options with an optional `--status` filter over a fixed set of statuses. */
export type PageStatusOptions<T extends string> = PageOptions & { status?: T };

/**
 * `--status` (one of `statuses`, checked before any call) with `--page` and `--page-size`, for page lists
 * the API filters by status; read them back with `pageStatusQuery`.
 */
export const pageStatusOptions = <const T extends string>(command: Command, statuses: readonly T[]) =>
  pageOptions(command.option("--status <status>", statuses.join(", "), oneOf(statuses)));

/** The query of a page list filtered by status: no `status` at all when none was asked for. */
export const pageStatusQuery = <T extends string>(options: PageStatusOptions<T>) => ({
  page: options.page,
  pageSize: options.pageSize,
  ...(options.status ? { status: options.status } : {}),
});

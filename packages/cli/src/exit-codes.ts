import { MarketplaceError } from "@mp/sdk";

/** What `mkt` exits with (docs/cli.md): scripts and CI branch on these. */
export const EXIT = {
  /** Done. */
  ok: 0,
  /** Bad arguments, a missing setting, or a local file that cannot be read. */
  usage: 1,
  /** The API refused the request (4xx): fix the request, retrying will not help. */
  refused: 2,
  /** The API failed (5xx) or could not be reached, or a wait timed out: retrying may help. */
  failed: 3,
} as const;

export type ExitCode = (typeof EXIT)[keyof typeof EXIT];

/** A mistake in how `mkt` was called; exits 1. */
export class UsageError extends Error {
  override name = "UsageError";
}

/** The gateway could not be reached, or a wait gave up; exits 3. */
export class UnavailableError extends Error {
  override name = "UnavailableError";
}

export function exitCodeOf(error: unknown): ExitCode {
  if (error instanceof UsageError) return EXIT.usage;
  if (error instanceof MarketplaceError) return error.status >= 500 ? EXIT.failed : EXIT.refused;
  return EXIT.failed;
}

import { type ParseArgsOptionsConfig, parseArgs } from "node:util";

/** A bad command line; its message is one line, printed as is before exiting with status 2. */
export class UsageError extends Error {
  override name = "UsageError";
}

/**
 * The named options of a `pnpm <script>` command line (a leading `--`, which pnpm passes on, is skipped):
 * strict, no positionals, and every mistake one UsageError.
 */
export function parseOptions<const O extends ParseArgsOptionsConfig>(argv: readonly string[], options: O) {
  const args = argv[0] === "--" ? argv.slice(1) : [...argv];
  try {
    return parseArgs({ args, strict: true, allowPositionals: false, options }).values;
  } catch (error) {
    throw new UsageError((error as Error).message.split("\n")[0]);
  }
}

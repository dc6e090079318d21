import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, statSync, symlinkSync } from "node:fs";
import { mkdir, utimes, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { readExternals, resolveExternals } from "./assemble";
import { buildEntry } from "./build";
import { type BuildEntry, buildEntries } from "./entries";

/**
 * The bundles a stack started with `LOCAL_STACK_BUILD=compiled` runs, in place in the repository: every
 * entry `pnpm build` compiles for the images, and the launcher's Stripe stand-in (never in an image).
 */
export function localEntries(root: string): BuildEntry[] {
  return [
    ...buildEntries(root),
    {
      name: "stripe-stand-in",
      source: "deploy/local/src/stripe/main.ts",
      output: "deploy/local/dist/stripe/main.mjs",
    },
  ];
}

/**
 * Makes a bundle's third-party imports resolve where it lies: `<bundle dir>/node_modules/<package>` links
 * to the very package directory the importing sources resolve (pnpm installs a package only beside the
 * workspace packages that declare it, and a bundle inlines several). The images copy these packages
 * instead (`assemble.ts`); links cost nothing and follow the installed versions.
 */
export function linkInPlace(root: string, entry: BuildEntry): void {
  const modules = join(dirname(join(root, entry.output)), "node_modules");
  for (const [pkg, dir] of resolveExternals(root, readExternals(root, entry))) {
    const link = join(modules, pkg);
    mkdirSync(dirname(link), { recursive: true });
    // A link made aside and renamed over the old one: a process starting meanwhile sees one or the other.
    const aside = `${link}.${process.pid}.tmp`;
    rmSync(aside, { force: true });
    symlinkSync(dir, aside);
    renameSync(aside, link);
  }
}

/** Node's compile cache (`NODE_COMPILE_CACHE`) for the in-place bundles, repository-relative. */
export const COMPILE_CACHE_DIR = ".local/bundles/compile-cache";

/** Where the last in-place build records when it started and which sources it read. */
export const STAMP_FILE = ".local/bundles/stamp.json";

interface Stamp {
  /** Repository-relative source files the bundles were built from. */
  inputs: string[];
}

/**
 * Why the in-place bundles must be built again, or undefined when they are up to date: a bundle or the
 * stamp is missing, or a source they were built from, or the lockfile, changed after the build started.
 */
export function staleReason(root: string, entries: readonly BuildEntry[]): string | undefined {
  const stampPath = join(root, STAMP_FILE);
  if (!existsSync(stampPath)) return "never built in place";
  const missing = entries.find((entry) => !existsSync(join(root, entry.output)));
  if (missing) return `${missing.output} is missing`;
  const builtAt = statSync(stampPath).mtimeMs;
  const stamp = JSON.parse(readFileSync(stampPath, "utf8")) as Stamp;
  for (const input of [...stamp.inputs, "pnpm-lock.yaml"]) {
    const path = join(root, input);
    if (!existsSync(path)) return `${input} is gone`;
    if (statSync(path).mtimeMs > builtAt) return `${input} changed`;
  }
  return undefined;
}

/**
 * Builds and links every local bundle unless they are up to date; returns why it built, or undefined when
 * it did not. The stamp's time is the build's start, so a source saved during the build counts as changed.
 */
export async function ensureLocalBundles(root: string): Promise<string | undefined> {
  const entries = localEntries(root);
  const reason = staleReason(root, entries);
  if (reason === undefined) return undefined;
  const started = new Date();
  const inputs = new Set<string>();
  for (const entry of entries) {
    for (const input of await buildEntry(root, entry)) inputs.add(input);
    linkInPlace(root, entry);
  }
  const stampPath = join(root, STAMP_FILE);
  await mkdir(dirname(stampPath), { recursive: true });
  const stamp: Stamp = { inputs: [...inputs].sort() };
  await writeFile(stampPath, `${JSON.stringify(stamp)}\n`);
  await utimes(stampPath, started, started);
  return reason;
}

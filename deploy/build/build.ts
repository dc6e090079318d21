import { mkdir, rename, writeFile } from "node:fs/promises";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { type BuildEntry, buildEntries, externalsFileOf } from "./entries";
import { externalImports } from "./externals";
import { externalPackagesPlugin, sourceUrlPlugin } from "./source-url";

/**
 * `pnpm build [name...]`: compiles the production entry points (every entry of `buildEntries`, or those
 * named) to JavaScript that plain `node` runs. Each is one ESM bundle of its own code and the workspace's
 * `@mp/*` packages; third-party packages stay imports resolved from node_modules at run time, so the
 * OpenTelemetry instrumentations still see them load. Source maps are written beside each bundle (without
 * the sources' text) and used only when `SOURCE_MAPS=on`; beside them `<bundle>.externals.json` lists the
 * packages each bundle imports from node_modules and which sources import them.
 */
const ROOT = resolve(fileURLToPath(new URL("../..", import.meta.url)));

/** Compiles `entry`; returns the files it was built from, relative to `root` (esbuild's metafile inputs). */
export async function buildEntry(root: string, entry: BuildEntry): Promise<string[]> {
  const outfile = join(root, entry.output);
  const result = await build({
    absWorkingDir: root,
    entryPoints: [join(root, entry.source)],
    outfile,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node22",
    sourcemap: "linked",
    sourcesContent: false,
    logLevel: "warning",
    metafile: true,
    write: false,
    plugins: [externalPackagesPlugin, sourceUrlPlugin(outfile)],
  });
  // Each file is replaced whole (written aside, then renamed), so a process starting while a build runs
  // loads the previous bundle or the new one, never half of one.
  await mkdir(dirname(outfile), { recursive: true });
  for (const file of result.outputFiles) await replaceFile(file.path, file.contents);
  // What the bundle needs from node_modules, for assembling an image (deploy/build/assemble.ts).
  const externals = externalImports(result.metafile);
  await replaceFile(join(root, externalsFileOf(entry)), `${JSON.stringify(externals, null, 2)}\n`);
  return Object.keys(result.metafile.inputs);
}

async function replaceFile(path: string, contents: string | Uint8Array): Promise<void> {
  const aside = `${path}.${process.pid}.tmp`;
  await writeFile(aside, contents);
  await rename(aside, path);
}

async function main(names: string[]): Promise<void> {
  const entries = buildEntries(ROOT);
  const unknown = names.filter((name) => !entries.some((entry) => entry.name === name));
  if (unknown.length > 0) {
    throw new Error(
      `unknown build entry ${unknown.join(", ")}; known: ${entries.map((e) => e.name).join(", ")}`,
    );
  }
  const chosen = names.length > 0 ? entries.filter((entry) => names.includes(entry.name)) : entries;
  for (const entry of chosen) {
    await buildEntry(ROOT, entry);
    process.stdout.write(`built ${entry.output}\n`);
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main(process.argv.slice(2)).catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  });
}

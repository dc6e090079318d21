import type { Metafile } from "esbuild";

/** A third-party package a bundle imports, and the workspace source files that import it. */
export interface ExternalImport {
  package: string;
  /** Source files (relative to the repository root) whose imports of the package stayed imports. */
  importers: string[];
}

/** `@scope/name/sub/path` -> `@scope/name`, `name/sub` -> `name`; undefined for relative and `node:` paths. */
export function packageNameOf(specifier: string): string | undefined {
  if (specifier.startsWith(".") || specifier.startsWith("/") || specifier.startsWith("node:"))
    return undefined;
  const parts = specifier.split("/");
  return specifier.startsWith("@") ? parts.slice(0, 2).join("/") : parts[0];
}

/** The third-party packages a bundle leaves to node_modules, read from esbuild's metafile. */
export function externalImports(metafile: Metafile): ExternalImport[] {
  const byPackage = new Map<string, Set<string>>();
  for (const [input, { imports }] of Object.entries(metafile.inputs)) {
    for (const imported of imports) {
      if (!imported.external) continue;
      const name = packageNameOf(imported.path);
      if (!name) continue;
      const importers = byPackage.get(name) ?? new Set<string>();
      importers.add(input);
      byPackage.set(name, importers);
    }
  }
  return [...byPackage.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, importers]) => ({ package: name, importers: [...importers].sort() }));
}

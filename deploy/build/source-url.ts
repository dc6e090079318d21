import { readFile } from "node:fs/promises";
import { dirname, relative, sep } from "node:path";
import type { Plugin } from "esbuild";

/**
 * Keeps `import.meta.url` meaning "this source file" inside a bundle. The workspace finds files beside its
 * code through it (`proto/` from packages/grpc, each service's `migrations/`, the preload's loader hook);
 * bundled, every module would otherwise see the bundle's own URL. Each occurrence becomes the source
 * file's URL computed from the bundle's location, so it holds wherever the repository-shaped tree is put
 * (the images keep that shape under /app).
 */
export function rewriteImportMetaUrl(text: string, sourceFile: string, bundleFile: string): string {
  const fromBundle = relative(dirname(bundleFile), sourceFile).split(sep).join("/");
  const replacement = `new URL(${JSON.stringify(fromBundle)}, import.meta.url).href`;
  return text.replace(/\bimport\.meta\.url\b/g, replacement);
}

/** The esbuild plugin applying `rewriteImportMetaUrl` to the workspace's own TypeScript. */
export function sourceUrlPlugin(bundleFile: string): Plugin {
  return {
    name: "source-url",
    setup(build) {
      build.onLoad({ filter: /\.ts$/ }, async (args) => {
        if (args.path.includes(`${sep}node_modules${sep}`)) return undefined;
        const text = await readFile(args.path, "utf8");
        if (!text.includes("import.meta.url")) return undefined;
        return { contents: rewriteImportMetaUrl(text, args.path, bundleFile), loader: "ts" };
      });
    },
  };
}

/** Third-party packages stay `import`s resolved from node_modules at run time; only `@mp/*` is bundled. */
export const externalPackagesPlugin: Plugin = {
  name: "external-packages",
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith("@mp/") || args.path.startsWith("node:")) return undefined;
      return { path: args.path, external: true };
    });
  },
};

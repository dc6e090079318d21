import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";

/**
 * The console is served by the gateway under `/console/` (CONSOLE_DIST). `pnpm console:dev` proxies the
 * API to a running stack (`CONSOLE_API`, default the launcher's gateway) so the dev server needs no CORS.
 */
const api = process.env.CONSOLE_API ?? "http://127.0.0.1:8080";

/**
 * Writes a Brotli (`.br`) and a gzip (`.gz`) copy beside every text file of the build, compressed once at
 * the strongest levels, so the gateway sends them as they are (`@fastify/static`'s `preCompressed`)
 * instead of the raw bytes or compressing on every request.
 */
function precompress(): Plugin {
  let outDir = "dist";
  return {
    name: "mp-precompress",
    apply: "build",
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const walk = (dir: string): string[] =>
        readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
          entry.isDirectory() ? walk(join(dir, entry.name)) : [join(dir, entry.name)],
        );
      for (const file of walk(outDir)) {
        if (!/\.(js|css|html|svg|json|txt)$/.test(file)) continue;
        const bytes = readFileSync(file);
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(bytes, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
            },
          }),
        );
        writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }));
      }
    },
  };
}

export default defineConfig({
  base: "/console/",
  plugins: [react(), precompress()],
  build: { outDir: "dist", emptyOutDir: true, reportCompressedSize: true, target: "es2022" },
  server: {
    proxy: { "/marketplace": api, "/assets": api, "/console/config.json": api },
  },
});

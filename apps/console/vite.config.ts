import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

/**
 * The console is served by the gateway under `/console/` (CONSOLE_DIST). `pnpm console:dev` proxies the
 * API to a running stack (`CONSOLE_API`, default the launcher's gateway) so the dev server needs no CORS.
 */
const api = process.env.CONSOLE_API ?? "http://127.0.0.1:8080";

export default defineConfig({
  base: "/console/",
  plugins: [react()],
  build: { outDir: "dist", emptyOutDir: true, reportCompressedSize: true, target: "es2022" },
  server: {
    proxy: { "/marketplace": api, "/assets": api, "/console/config.json": api },
  },
});

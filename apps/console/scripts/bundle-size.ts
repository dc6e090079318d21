import { readFileSync } from "node:fs";
import { join } from "node:path";
import { brotliCompressSync, gzipSync } from "node:zlib";

/**
 * The console's first load: every script and stylesheet `dist/index.html` names (entry and preloads), raw
 * and gzip-compressed. Exit 1 when the JavaScript exceeds the budget (issue 28: 250 KB gzip).
 */
const BUDGET_GZIP_BYTES = 250 * 1024;
const dist = join(import.meta.dirname, "..", "dist");
const html = readFileSync(join(dist, "index.html"), "utf8");
const files = [...html.matchAll(/(?:src|href)="\/console\/([^"]+\.(?:js|css))"/g)].map((m) => m[1] as string);

let jsGzip = 0;
const rows = files.map((file) => {
  const bytes = readFileSync(join(dist, file));
  const gzip = gzipSync(bytes, { level: 9 }).length;
  const brotli = brotliCompressSync(bytes).length;
  if (file.endsWith(".js")) jsGzip += gzip;
  return {
    file,
    kb: (bytes.length / 1024).toFixed(1),
    gzipKb: (gzip / 1024).toFixed(1),
    brKb: (brotli / 1024).toFixed(1),
  };
});
console.log("first load of /console/:");
for (const row of rows)
  console.log(
    `  ${row.file.padEnd(36)} ${row.kb.padStart(8)} KB  ${row.gzipKb.padStart(7)} KB gzip  ${row.brKb.padStart(7)} KB brotli (sent)`,
  );
const verdict = jsGzip <= BUDGET_GZIP_BYTES ? "within" : "OVER";
console.log(
  `JavaScript: ${(jsGzip / 1024).toFixed(1)} KB gzip, ${verdict} the budget of ${BUDGET_GZIP_BYTES / 1024} KB`,
);
if (jsGzip > BUDGET_GZIP_BYTES) process.exit(1);

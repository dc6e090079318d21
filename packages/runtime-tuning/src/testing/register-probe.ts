/**
 * A process for register.test.ts, started with or without the preload: it keeps most of what it allocates
 * through a few scavenges (what makes V8 pretenure an allocation site) and prints one JSON line naming the
 * HTTP/2 functions it finds and whether a global `gc` is there.
 */
import http2 from "node:http2";

let kept: { value: number; pair: number[] }[] = [];
for (let round = 0; round < 8; round++) {
  for (let i = 0; i < 200_000; i++) kept.push({ value: i, pair: [i, i + 1] });
  if (kept.length > 600_000) kept = kept.slice(400_000);
}
console.log(
  JSON.stringify({
    kept: kept.length,
    connect: http2.connect.name,
    createServer: http2.createServer.name,
    createSecureServer: http2.createSecureServer.name,
    globalGc: typeof (globalThis as { gc?: unknown }).gc,
  }),
);

/**
 * A preload for GC experiments: `NODE_OPTIONS="--require <this file>" FORCE_GC_AT_MS=12000[,20000]`.
 * Runs one full garbage collection at each of those times after start, in the processes whose command
 * line contains FORCE_GC_IN (default `gateway/src/main`), to see how a process behaves after a full
 * collection under load (bench/src/path-cpu with CHILD_NODE_OPTIONS; watch with `--trace-gc`, which the
 * V8_FLAGS of v8-flags.cjs can switch on). Exposes gc to itself only; nothing else in the process sees it.
 */
"use strict";
const at = process.env.FORCE_GC_AT_MS;
const only = process.env.FORCE_GC_IN ?? "gateway/src/main";
if (at && process.argv.some((arg) => arg.includes(only))) {
  require("node:v8").setFlagsFromString("--expose-gc");
  const gc = require("node:vm").runInNewContext("gc");
  for (const ms of at.split(",")) {
    setTimeout(() => {
      process.stderr.write(`force-gc: full collection at ${ms} ms\n`);
      gc();
    }, Number(ms)).unref();
  }
}

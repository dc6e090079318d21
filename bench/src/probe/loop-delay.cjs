/**
 * A preload for tail-latency experiments: `NODE_OPTIONS="--require <this file>" LOOP_DELAY_LOG=<file>`.
 * Every LOOP_DELAY_EVERY_MS (default 5000) it appends one line per process to LOOP_DELAY_LOG: the event-loop
 * delay histogram of the interval (perf_hooks.monitorEventLoopDelay, 1 ms resolution; p50/p99/max in ms)
 * the sizes of the young generation (its space) and the old generation (used), and the interval's garbage collections by kind (count, total and longest pause in ms). Each GC pause of
 * LOOP_DELAY_GC_MS (default 2) or more is also logged on its own with its wall-clock time, so a latency
 * spike can be matched to the process and collection that caused it.
 */
"use strict";
const { appendFileSync } = require("node:fs");
const { getHeapSpaceStatistics } = require("node:v8");
const { monitorEventLoopDelay, PerformanceObserver, performance, constants } = require("node:perf_hooks");

const file = process.env.LOOP_DELAY_LOG;
if (file) {
  const every = Number(process.env.LOOP_DELAY_EVERY_MS ?? 5000);
  const gcLogMs = Number(process.env.LOOP_DELAY_GC_MS ?? 2);
  const script = process.argv.slice(1).find((a) => /\.(ts|js|mjs|cjs)$/.test(a)) ?? process.argv[1] ?? "?";
  const name = `${process.pid} ${script.split("/").slice(-3).join("/")}`;
  const kinds = {
    [constants.NODE_PERFORMANCE_GC_MAJOR]: "major",
    [constants.NODE_PERFORMANCE_GC_MINOR]: "minor",
    [constants.NODE_PERFORMANCE_GC_INCREMENTAL]: "incremental",
    [constants.NODE_PERFORMANCE_GC_WEAKCB]: "weakcb",
  };
  const write = (line) => {
    try {
      appendFileSync(file, `${new Date().toISOString()} ${name} ${line}\n`);
    } catch {}
  };
  const h = monitorEventLoopDelay({ resolution: 1 });
  h.enable();
  let gc = {};
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      const kind = kinds[e.detail?.kind ?? e.kind] ?? "other";
      gc[kind] ??= { n: 0, total: 0, max: 0 };
      const s = gc[kind];
      s.n += 1;
      s.total += e.duration;
      s.max = Math.max(s.max, e.duration);
      if (e.duration >= gcLogMs) {
        const at = new Date(performance.timeOrigin + e.startTime).toISOString();
        write(`gc ${kind} ${e.duration.toFixed(1)} ms started ${at}`);
      }
    }
  }).observe({ entryTypes: ["gc"] });
  const ms = (ns) => (ns / 1e6).toFixed(1);
  const timer = setInterval(() => {
    const gcs = Object.entries(gc)
      .map(([k, s]) => `${k} n=${s.n} total=${s.total.toFixed(1)} max=${s.max.toFixed(1)}`)
      .join("; ");
    const spaces = Object.fromEntries(getHeapSpaceStatistics().map((x) => [x.space_name, x]));
    const mb = (b) => (b / 1048576).toFixed(1);
    const heap = `new ${mb(spaces.new_space?.space_size ?? 0)} MB, old used ${mb(spaces.old_space?.space_used_size ?? 0)} MB`;
    write(
      `${heap} | eld p50=${ms(h.percentile(50))} p99=${ms(h.percentile(99))} p999=${ms(h.percentile(99.9))} max=${ms(h.max)} n=${h.count} | ${gcs}`,
    );
    h.reset();
    gc = {};
  }, every);
  timer.unref();
}

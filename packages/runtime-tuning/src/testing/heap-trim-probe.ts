/**
 * A process for heap-trim.test.ts (run with `node --import tsx`; V8's gc exposed as the preload does): it
 * allocates a burst that leaves about 100 MB of garbage behind, goes idle with the heap trim looking every
 * 100 ms, and prints one JSON line: trims done, resident size and V8's heap size at the end of the burst and after the idle time.
 */
import { createLogger } from "@mp/logger";
import { startHeapTrim } from "../heap-trim";
import { exposedGc } from "../v8";

const trim = startHeapTrim({
  logger: createLogger({ service: "heap-trim-probe", level: "silent" }),
  gc: exposedGc(),
  everyMs: 100,
});

// One look at the process before the burst, as a service's first looks come long before its first burst.
await new Promise((resolve) => setTimeout(resolve, 250));
let window: { values: number[]; label: string }[] = [];
for (let i = 0; i < 600_000; i++) {
  window.push({ values: [i, i + 1, i + 2, i + 3], label: `item ${i}` });
  if (window.length > 200_000) window = window.slice(100_000);
}
window = [];
const afterBurst = { rss: process.memoryUsage.rss(), heapTotal: process.memoryUsage().heapTotal };
setTimeout(() => {
  const afterIdle = { rss: process.memoryUsage.rss(), heapTotal: process.memoryUsage().heapTotal };
  trim.stop();
  console.log(JSON.stringify({ trims: trim.trims, afterBurst, afterIdle }));
}, 1_500);

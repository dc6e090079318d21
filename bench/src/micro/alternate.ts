import { loadavg } from "node:os";
import { GCProfiler, getHeapStatistics } from "node:v8";
import { median } from "../stats/median";

/**
 * Runs two or more ways of doing the same operation on the same input, alternating them round by round in
 * one process, and prints the median CPU time per operation (user + system, `process.cpuUsage`) and the
 * median bytes of V8 heap allocated per operation (Buffers' memory outside the heap is not counted; run with
 * `--expose-gc` so each allocation batch starts from a collected heap, as `pnpm bench:micro` does). Alternating spreads the shared machine's load over every way alike; the load average is printed.
 */
export interface Way {
  name: string;
  run: () => unknown;
}

export interface Options {
  /** Rounds; each runs every way once, in turn (the order rotates each round). */
  rounds: number;
  /** Operations per round for the CPU figure. */
  ops: number;
  /** Operations in the allocation batch (small enough not to fill the young generation). */
  allocOps: number;
}

export interface Figure {
  name: string;
  usPerOp: number;
  bytesPerOp: number;
}

const collect = (globalThis as { gc?: () => void }).gc;

/**
 * V8 heap bytes allocated per op over one batch: the growth of the used heap plus what every collection
 * during the batch freed (V8's GC profiler reports each one's heap before and after, synchronously).
 */
function allocation(way: Way, ops: number): number {
  collect?.();
  const profiler = new GCProfiler();
  profiler.start();
  const before = getHeapStatistics().used_heap_size;
  for (let i = 0; i < ops; i++) way.run();
  const after = getHeapStatistics().used_heap_size;
  const collections = profiler.stop()?.statistics ?? [];
  let freed = 0;
  for (const gc of collections)
    freed += gc.beforeGC.heapStatistics.usedHeapSize - gc.afterGC.heapStatistics.usedHeapSize;
  return (after - before + freed) / ops;
}

export async function alternate(title: string, ways: Way[], options: Options): Promise<Figure[]> {
  for (const way of ways) for (let i = 0; i < Math.max(10, options.ops >> 1); i++) way.run();
  const cpu = ways.map(() => [] as number[]);
  const bytes = ways.map(() => [] as number[]);
  for (let round = 0; round < options.rounds; round++) {
    for (let k = 0; k < ways.length; k++) {
      const index = (round + k) % ways.length;
      const way = ways[index]!;
      const started = process.cpuUsage();
      for (let i = 0; i < options.ops; i++) way.run();
      const used = process.cpuUsage(started);
      cpu[index]!.push((used.user + used.system) / options.ops);
      bytes[index]!.push(allocation(way, options.allocOps));
    }
  }
  const figures = ways.map((way, index) => ({
    name: way.name,
    usPerOp: median(cpu[index]!),
    bytesPerOp: median(bytes[index]!),
  }));
  print(title, figures, options);
  return figures;
}

function print(title: string, figures: Figure[], options: Options): void {
  const load = loadavg()
    .map((value) => value.toFixed(1))
    .join(" / ");
  console.log(
    `\n${title}: medians of ${options.rounds} alternating rounds of ${options.ops} ops; load ${load}`,
  );
  console.log("| way | CPU µs/op | V8 heap allocated KB/op |");
  console.log("|---|---:|---:|");
  for (const figure of figures) {
    const kb = (figure.bytesPerOp / 1024).toFixed(1);
    const us = figure.usPerOp >= 100 ? figure.usPerOp.toFixed(0) : figure.usPerOp.toFixed(2);
    console.log(`| ${figure.name} | ${us} | ${kb} |`);
  }
}

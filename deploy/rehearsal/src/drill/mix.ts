import { setTimeout as sleep } from "node:timers/promises";
import type { OpKind } from "./tally";

/**
 * Which operation the i-th scheduled one is, out of every 20: 10 catalogue reads, 2 instance creations,
 * 6 payment notifications, 1 install (a read when no bought device is waiting for one) and 1 more read.
 */
export function opKind(index: number): OpKind {
  const slot = index % 20;
  if (slot < 10 || slot === 19) return "read";
  if (slot < 12) return "instance";
  if (slot < 18) return "notification";
  return "install";
}

/** Due time of operation i at `rate` a second: fixed, whatever the latency of the ones before (open loop). */
export function dueAt(start: number, index: number, rate: number): number {
  return start + (index * 1000) / rate;
}

/**
 * Whether the load ends before operation i: it would be due at `minMs` or later and the disruptions are
 * over. Then how long to wait before stopping, so the load lasts at least `minMs` (stopping at once
 * would end it up to one interval early). `undefined`: send it.
 */
export function loadEnd(
  start: number,
  index: number,
  rate: number,
  minMs: number,
  disruptionsOver: boolean,
  now: number,
): number | undefined {
  if (dueAt(start, index, rate) - start < minMs || !disruptionsOver) return undefined;
  return Math.max(0, start + minMs - now);
}

/**
 * Sleeps until `performance.now()` has reached `at`. One timer of the remaining time is not enough: Node's
 * timers count whole milliseconds of the loop's clock and wake up to a millisecond early against
 * `performance.now()`, so a load that slept out its length measured 299.99 s and missed 300 s.
 */
export async function sleepUntil(at: number): Promise<void> {
  for (let left = at - performance.now(); left > 0; left = at - performance.now())
    await sleep(Math.ceil(left));
}

import { setTimeout as sleep } from "node:timers/promises";
import { Histogram } from "../stats/histogram";

export interface OpenLoopOptions {
  /** Operations started per second, whatever the latency of those already in flight. */
  rate: number;
  /** How long operations are started for (the run then waits for those in flight). */
  durationMs: number;
  /** Operations scheduled in this first part of the run are sent but not counted. */
  warmupMs: number;
  /** Resolves once the operation is complete (an answer, or the effect observed); rejects on failure. */
  operation: (index: number) => Promise<void>;
  /** Above this many in flight, new operations are counted as dropped instead of piling up. */
  maxInFlight?: number;
  /** Give up on operations still in flight this long after the last one was scheduled. */
  drainMs?: number;
}

export interface OpenLoopResult {
  latency: Histogram;
  sent: number;
  failed: number;
  dropped: number;
  /** Operations still unfinished at the end of the drain: counted as failed too. */
  timedOut: number;
  /** Achieved start rate over the measured part (per second). */
  achievedRate: number;
  firstError: string | undefined;
}

/**
 * An open-loop (fixed-rate) load generator. Operation i is due at start + i / rate; a latency is measured
 * from that scheduled instant, not from when the generator got round to sending it, so a stalled server
 * or a late timer shows up in the figures instead of being hidden (coordinated omission).
 */
export async function runOpenLoop(options: OpenLoopOptions): Promise<OpenLoopResult> {
  const { rate, durationMs, warmupMs, operation } = options;
  const maxInFlight = options.maxInFlight ?? Math.max(100, rate * 5);
  const latency = new Histogram();
  const intervalMs = 1000 / rate;
  const total = Math.floor((durationMs / 1000) * rate);
  const result = { sent: 0, failed: 0, dropped: 0, timedOut: 0, firstError: undefined as string | undefined };
  const inFlight = new Set<Promise<void>>();
  const start = performance.now() + 5;
  let measuredStarts = 0;

  for (let i = 0; i < total; i++) {
    const offset = i * intervalMs;
    const scheduled = start + offset;
    const wait = scheduled - performance.now();
    if (wait > 1) await sleep(wait);
    // From the offset, not from scheduled - start: that difference can round below the warm-up's end.
    const counted = offset >= warmupMs;
    if (inFlight.size >= maxInFlight) {
      if (counted) result.dropped += 1;
      continue;
    }
    if (counted) measuredStarts += 1;
    result.sent += 1;
    // A timer may fire up to a millisecond early: then the real send instant is the origin.
    const origin = Math.min(scheduled, performance.now());
    const run = operation(i).then(
      () => {
        if (counted) latency.record(performance.now() - origin);
      },
      (error: unknown) => {
        if (!counted) return;
        result.failed += 1;
        result.firstError ??= error instanceof Error ? error.message : String(error);
      },
    );
    const tracked = run.finally(() => inFlight.delete(tracked));
    inFlight.add(tracked);
  }
  const measuredMs = Math.max(1, durationMs - warmupMs);
  const drained = Promise.all([...inFlight]).then(() => true);
  const finished = await Promise.race([drained, sleep(options.drainMs ?? 10_000).then(() => false)]);
  if (!finished) {
    result.timedOut = inFlight.size;
    result.failed += inFlight.size;
  }
  return { ...result, latency, achievedRate: measuredStarts / (measuredMs / 1000) };
}

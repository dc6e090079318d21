import { performance } from "node:perf_hooks";
import type { Logger } from "@mp/logger";

/** V8's `gc` extension, present with `--expose-gc`; the options are those of V8's extension. */
export type GcFunction = (options: { type: "major"; execution: "sync"; flavor: "last-resort" }) => void;

/** What one look at the process found: its event-loop utilisation since the last look and its size. */
export interface ProcessReading {
  /** Share of the interval the event loop was busy, 0-1. */
  utilisation: number;
  rssBytes: number;
}

export interface HeapTrimOptions {
  logger: Logger;
  /** V8's `gc`, default `globalThis.gc` (only there with `--expose-gc`); without one, nothing is started. */
  gc?: GcFunction;
  /** How often the process is looked at (default 5 s). */
  everyMs?: number;
  /** A look with the event loop busier than this share is not idle (default 0.05). */
  idleBelow?: number;
  /** Resident growth above the lowest size since the last trim that makes a trim worth it (default 16 MiB). */
  minGrowthBytes?: number;
  /**
   * Idle looks in a row a trim after the first one waits for (default 12, a minute at the default
   * interval): a lull between bursts is not a rest (see `burstTrimPolicy`).
   */
  restLooks?: number;
  /** The event loop's utilisation since the previous call (default: performance.eventLoopUtilization). */
  readUtilisation?: () => number;
  /** The resident set size (default: process.memoryUsage.rss()). */
  readRss?: () => number;
}

export interface HeapTrim {
  /** Trims run so far. */
  readonly trims: number;
  stop(): void;
}

const MIB = 1024 * 1024;

/**
 * The decision alone: trim when the process is idle and has grown by `minGrowthBytes` above the lowest
 * resident size seen since the last trim (or since it started). After a trim the low mark starts again
 * from the size the trim left, so memory a trim cannot give back (live data, malloc's own) never causes a
 * second trim; only new growth does.
 *
 * The first trim (what the start left behind) needs one idle look; every later one `restLooks` idle looks
 * in a row. A trim throws away what the next burst needs: V8's young generation shrinks to its minimum
 * (32 MiB to 1 MiB in the gateway) and the load, when it comes back, pays to regrow it, more scavenges and
 * earlier promotion meanwhile; regrowing it alone also counts as growth for the next trim. Trimmed in every
 * lull, the gateway and the catalogue of scenario A cost about twice the CPU per request (ADR 0005);
 * after the first trim only a process at rest is trimmed.
 */
export function burstTrimPolicy(idleBelow: number, minGrowthBytes: number, restLooks = 1) {
  let low = Number.POSITIVE_INFINITY;
  let idleLooks = 0;
  let trims = 0;
  return {
    shouldTrim(reading: ProcessReading): boolean {
      low = Math.min(low, reading.rssBytes);
      idleLooks = reading.utilisation < idleBelow ? idleLooks + 1 : 0;
      const rested = idleLooks >= (trims === 0 ? 1 : restLooks);
      return rested && reading.rssBytes - low >= minGrowthBytes;
    },
    trimmed(rssAfter: number): void {
      low = rssAfter;
      trims += 1;
    },
  };
}

function utilisationSinceLastCall(): () => number {
  let last = performance.eventLoopUtilization();
  return () => {
    const now = performance.eventLoopUtilization();
    const { utilization } = performance.eventLoopUtilization(now, last);
    last = now;
    return utilization;
  };
}

/**
 * Gives memory back to the system once a burst is over. After a burst V8 keeps the pages the burst's
 * garbage occupied: its memory reducer judges the allocation rate from samples taken at collections, and an
 * idle process collects nothing, so the pages stay resident (ADR 0005). Here, a process that has grown by
 * `minGrowthBytes` since its lowest size and whose event loop was idle over the last look runs one
 * last-resort full collection (V8's low-memory collection: compacts and releases its pooled pages). That
 * pauses the process about three times as long as a regular full collection, so it runs only while the
 * event loop is idle, once a burst, and after the first only once the process has rested (`restLooks`).
 *
 * Needs V8's `gc` (the preload exposes it, `register.ts`); without one this does nothing.
 */
export function startHeapTrim(options: HeapTrimOptions): HeapTrim {
  const gc = options.gc ?? (globalThis as { gc?: GcFunction }).gc;
  let trims = 0;
  if (!gc) {
    options.logger.debug("no heap trim after bursts: V8's gc is not exposed");
    return { trims, stop() {} };
  }
  const readUtilisation = options.readUtilisation ?? utilisationSinceLastCall();
  const readRss = options.readRss ?? (() => process.memoryUsage.rss());
  const policy = burstTrimPolicy(
    options.idleBelow ?? 0.05,
    options.minGrowthBytes ?? 16 * MIB,
    options.restLooks ?? 12,
  );
  const timer = setInterval(() => {
    const reading = { utilisation: readUtilisation(), rssBytes: readRss() };
    if (!policy.shouldTrim(reading)) return;
    const started = performance.now();
    gc({ type: "major", execution: "sync", flavor: "last-resort" });
    const rssAfter = readRss();
    policy.trimmed(rssAfter);
    trims += 1;
    options.logger.info(
      {
        rssBeforeMb: Math.round(reading.rssBytes / MIB),
        rssAfterMb: Math.round(rssAfter / MIB),
        durationMs: Math.round(performance.now() - started),
      },
      "heap trimmed after a burst",
    );
  }, options.everyMs ?? 5_000);
  timer.unref();
  return {
    get trims() {
      return trims;
    },
    stop() {
      clearInterval(timer);
    },
  };
}

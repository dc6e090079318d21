import { setTimeout as sleep } from "node:timers/promises";
import type { Logger } from "@mp/logger";
import { PlatformBusyError } from "./infuse.errors";

/** The request budget every replica shares (see platform-token-bucket.ts for the PostgreSQL one). */
export interface TokenBucket {
  /** Takes one token: resolves 0 when granted, else the milliseconds until the next one may be. */
  take(): Promise<number>;
  /** Empties the bucket for every replica for `ms` (the platform answered 429). */
  drain(ms: number): Promise<void>;
}

/** What the throttle reports (OpenTelemetry counters in production, see throttle-metrics.ts). */
export interface ThrottleMetrics {
  /** A 429 from the platform, answered with a pause. */
  throttled(): void;
  /** A caller gave up waiting for a token (PlatformBusyError). */
  gaveUp(): void;
  /** How long a granted call waited for its token. */
  waited(ms: number): void;
}

export interface ThrottleOptions {
  /** The longest a call waits for a token before it fails with PlatformBusyError (retried later). */
  maxWaitMs: number;
  logger: Logger;
  metrics?: ThrottleMetrics;
  now?: () => number;
}

/**
 * Every HTTP request to the platform first takes a token here. Waiting is bounded: past `maxWaitMs` the
 * call fails with PlatformBusyError without sending anything, so a queued job is retried later instead of
 * holding its worker. A 429 pauses every call of this replica until its Retry-After has passed and drains
 * the shared bucket for the same time, so the other replicas hold back too.
 */
export class PlatformThrottle {
  private pausedUntil = 0;
  private readonly now: () => number;

  constructor(
    private readonly bucket: TokenBucket,
    private readonly options: ThrottleOptions,
  ) {
    this.now = options.now ?? Date.now;
  }

  /** Resolves once a token is taken; rejects with PlatformBusyError past the bound, or the signal's reason. */
  async acquire(signal?: AbortSignal): Promise<void> {
    const started = this.now();
    const deadline = started + this.options.maxWaitMs;
    for (;;) {
      signal?.throwIfAborted();
      const paused = this.pausedUntil - this.now();
      // Jitter, so replicas and callers woken at the same instant do not all ask the bucket at once.
      const wait = (paused > 0 ? paused : await this.bucket.take()) || 0;
      // A 429 that arrived while this token was on its way starts a pause this call must keep too.
      if (wait <= 0 && this.pausedUntil > this.now()) continue;
      if (wait <= 0) {
        this.options.metrics?.waited(this.now() - started);
        return;
      }
      const next = wait + Math.floor(Math.random() * 10);
      if (this.now() + next > deadline) {
        this.options.metrics?.gaveUp();
        throw new PlatformBusyError(wait);
      }
      try {
        await sleep(next, undefined, signal ? { signal } : undefined);
      } catch (error) {
        signal?.throwIfAborted();
        throw error;
      }
    }
  }

  /** The platform answered 429 asking for `retryAfterMs`: hold this replica's calls, drain the bucket. */
  backOff(retryAfterMs: number): void {
    this.options.metrics?.throttled();
    const until = this.now() + retryAfterMs;
    if (until > this.pausedUntil) {
      this.pausedUntil = until;
      this.options.logger.warn({ retryAfterMs }, "the Infuse-IoT platform answered 429; pausing calls");
    }
    if (retryAfterMs > 0)
      this.bucket.drain(retryAfterMs).catch((error: unknown) => {
        this.options.logger.warn({ err: error }, "could not drain the shared Infuse-IoT request budget");
      });
  }

  /** Milliseconds until this replica's 429 pause ends (0 when none). */
  pausedForMs(): number {
    return Math.max(0, this.pausedUntil - this.now());
  }
}

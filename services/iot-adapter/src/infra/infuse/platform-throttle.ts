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
  /** Callers of this replica asking the shared bucket at once (the others queue); default 4. */
  askers?: number;
}

const DEFAULT_ASKERS = 4;

/**
 * Every HTTP request to the platform first takes a token here. Waiting is bounded: past `maxWaitMs` the
 * call fails with PlatformBusyError without sending anything, so a queued job is retried later instead of
 * holding its worker. A 429 pauses every call of this replica until its Retry-After has passed and drains
 * the shared bucket for the same time, so the other replicas hold back too.
 */
export class PlatformThrottle {
  private pausedUntil = 0;
  private readonly now: () => number;
  /** Callers asking the bucket now, and the ones waiting for their turn (first come, first served). */
  private asking = 0;
  private readonly waiting: { go(): void }[] = [];

  constructor(
    private readonly bucket: TokenBucket,
    private readonly options: ThrottleOptions,
  ) {
    this.now = options.now ?? Date.now;
  }

  /**
   * Resolves once a token is taken; rejects with PlatformBusyError past the bound, or when the signal aborts
   * (the caller's deadline passed or it went away): a handled refusal with a Retry-After, never an error
   * of its own. Callers take turns in arrival order: at most `askers` of them ask the shared bucket at once
   * and the others wait here, so a replica asks PostgreSQL about as often as it is granted tokens (not once
   * per waiting caller per wake-up) and no caller is overtaken by later ones.
   */
  async acquire(signal?: AbortSignal): Promise<void> {
    const started = this.now();
    const deadline = started + this.options.maxWaitMs;
    const leave = await this.turn(deadline, signal);
    try {
      await this.ask(started, deadline, signal);
    } finally {
      leave();
    }
  }

  private async turn(deadline: number, signal?: AbortSignal): Promise<() => void> {
    const askers = this.options.askers ?? DEFAULT_ASKERS;
    const leave = () => {
      const next = this.waiting.shift();
      if (next) next.go();
      else this.asking--;
    };
    if (this.asking < askers && this.waiting.length === 0) {
      this.asking++;
      return leave;
    }
    const refuse = (): never => {
      this.options.metrics?.gaveUp();
      throw new PlatformBusyError(Math.max(this.pausedForMs(), 1_000));
    };
    if (signal?.aborted || this.now() >= deadline) refuse();
    return new Promise<() => void>((resolve, reject) => {
      const waiter = {
        go: () => {
          cleanup();
          resolve(leave);
        },
      };
      const give = () => {
        cleanup();
        const at = this.waiting.indexOf(waiter);
        if (at >= 0) this.waiting.splice(at, 1);
        try {
          refuse();
        } catch (error) {
          reject(error);
        }
      };
      const timer = setTimeout(give, Math.max(0, deadline - this.now()));
      const cleanup = () => {
        clearTimeout(timer);
        signal?.removeEventListener("abort", give);
      };
      signal?.addEventListener("abort", give, { once: true });
      this.waiting.push(waiter);
    });
  }

  private async ask(started: number, deadline: number, signal?: AbortSignal): Promise<void> {
    for (;;) {
      if (signal?.aborted) {
        this.options.metrics?.gaveUp();
        throw new PlatformBusyError(1_000);
      }
      const paused = this.pausedUntil - this.now();
      const wait = (paused > 0 ? paused : await this.bucket.take()) || 0;
      // A 429 that arrived while this token was on its way starts a pause this call must keep too.
      if (wait <= 0 && this.pausedUntil > this.now()) continue;
      if (wait <= 0) {
        this.options.metrics?.waited(this.now() - started);
        return;
      }
      // Jitter, so replicas woken at the same instant do not all ask the bucket at once.
      const next = wait + Math.floor(Math.random() * 5);
      if (this.now() + next > deadline) {
        this.options.metrics?.gaveUp();
        throw new PlatformBusyError(wait);
      }
      try {
        await sleep(next, undefined, signal ? { signal } : undefined);
      } catch (error) {
        if (!signal?.aborted) throw error;
      }
    }
  }

  /**
   * The platform answered 429 asking for `retryAfterMs`: hold this replica's calls, drain the bucket. The
   * drain is written in the background; the promise (never rejected) says when it is, for who must know.
   */
  backOff(retryAfterMs: number): Promise<void> {
    this.options.metrics?.throttled();
    const until = this.now() + retryAfterMs;
    if (until > this.pausedUntil) {
      this.pausedUntil = until;
      this.options.logger.warn({ retryAfterMs }, "the Infuse-IoT platform answered 429; pausing calls");
    }
    if (retryAfterMs <= 0) return Promise.resolve();
    return this.bucket.drain(retryAfterMs).catch((error: unknown) => {
      this.options.logger.warn({ err: error }, "could not drain the shared Infuse-IoT request budget");
    });
  }

  /** Milliseconds until this replica's 429 pause ends (0 when none). */
  pausedForMs(): number {
    return Math.max(0, this.pausedUntil - this.now());
  }
}

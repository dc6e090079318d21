import { ArrivalLog } from "./arrival-log";

/**
 * The simulator's own request limit (SIMULATOR_MAX_RPS), a token bucket as an API gateway keeps one:
 * `maxRps` tokens a second, holding at most one second's worth, one per request. An empty bucket answers
 * 429 with `Retry-After` (whole seconds until the next token, at least 1). 0 = no limit. Counts what it
 * let through and what it refused, and logs when each let-through request arrived (`busiestSecond`), so
 * tests and benchmarks can show a client stayed under the limit.
 */
export class RequestLimit {
  private tokens = 0;
  private refilledAt = 0;
  private maxRpsValue = 0;
  allowed = 0;
  refused = 0;
  private readonly arrivals = new ArrivalLog();

  constructor(
    maxRps = 0,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.setMaxRps(maxRps);
  }

  get maxRps(): number {
    return this.maxRpsValue;
  }

  /** A new limit starts with a full bucket; the counts go on. */
  setMaxRps(maxRps: number): void {
    if (!Number.isFinite(maxRps) || maxRps < 0) throw new Error(`maxRps must be >= 0, got ${maxRps}`);
    this.maxRpsValue = maxRps;
    this.tokens = maxRps;
    this.refilledAt = this.now();
  }

  /** Takes a token: undefined when the request may go on, else the Retry-After in seconds. */
  take(): number | undefined {
    const now = this.now();
    if (this.maxRpsValue === 0) {
      this.allowed++;
      this.arrivals.record(now);
      return undefined;
    }
    this.tokens = Math.min(
      this.maxRpsValue,
      this.tokens + ((now - this.refilledAt) / 1000) * this.maxRpsValue,
    );
    this.refilledAt = now;
    if (this.tokens >= 1) {
      this.tokens -= 1;
      this.allowed++;
      this.arrivals.record(now);
      return undefined;
    }
    this.refused++;
    return Math.max(1, Math.ceil((1 - this.tokens) / this.maxRpsValue));
  }

  /** The limit's clock, in ms: what `busiestSecond`'s `sinceMs` is read against. */
  clock(): number {
    return this.now();
  }

  /** The most requests let through in any one second from `sinceMs` (the limit's clock) on. */
  busiestSecond(sinceMs?: number): number {
    return this.arrivals.busiest(sinceMs);
  }

  resetCounts(): void {
    this.allowed = 0;
    this.refused = 0;
    this.arrivals.clear();
  }
}

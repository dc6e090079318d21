/**
 * A small circuit breaker (closed -> open -> half-open) instead of `opossum`: the adapter needs the state
 * machine only (its own timeouts and retries live elsewhere), with an injectable clock so the tests need no
 * timers. One breaker guards one upstream host.
 */
export type BreakerState = "closed" | "open" | "half-open";

export interface BreakerOptions {
  /** Consecutive counted failures that open the breaker. */
  failureThreshold: number;
  /** How long it stays open before one trial call is let through. */
  resetAfterMs: number;
  /** Failures that say the upstream is unhealthy; others (404, refused credential) leave the count alone. */
  isFailure: (error: unknown) => boolean;
  now?: () => number;
  onStateChange?: (from: BreakerState, to: BreakerState) => void;
}

/** Thrown without calling the upstream while the breaker is open. */
export class BreakerOpenError extends Error {
  constructor(readonly retryAfterMs: number) {
    super("circuit breaker is open");
    this.name = "BreakerOpenError";
  }
}

export interface CircuitBreaker {
  run<T>(work: () => Promise<T>): Promise<T>;
  state(): BreakerState;
}

export function createCircuitBreaker(options: BreakerOptions): CircuitBreaker {
  const now = options.now ?? Date.now;
  let state: BreakerState = "closed";
  let failures = 0;
  let openedAt = 0;
  let trialInFlight = false;

  const move = (to: BreakerState) => {
    if (to === state) return;
    const from = state;
    state = to;
    options.onStateChange?.(from, to);
  };
  const currentState = (): BreakerState => {
    if (state === "open" && now() - openedAt >= options.resetAfterMs) move("half-open");
    return state;
  };
  const open = () => {
    openedAt = now();
    move("open");
  };

  return {
    state: currentState,
    async run<T>(work: () => Promise<T>): Promise<T> {
      const s = currentState();
      if (s === "open" || (s === "half-open" && trialInFlight))
        throw new BreakerOpenError(Math.max(0, options.resetAfterMs - (now() - openedAt)));
      const trial = s === "half-open";
      if (trial) trialInFlight = true;
      try {
        const result = await work();
        failures = 0;
        move("closed");
        return result;
      } catch (error) {
        if (options.isFailure(error)) {
          failures++;
          if (trial || failures >= options.failureThreshold) open();
        } else if (trial) {
          // The upstream answered (e.g. 404): it is alive.
          failures = 0;
          move("closed");
        }
        throw error;
      } finally {
        if (trial) trialInFlight = false;
      }
    },
  };
}

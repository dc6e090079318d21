import {
  BrokenCircuitError,
  type CircuitBreakerPolicy,
  CircuitState,
  type RetryPolicy as CockatielRetry,
  ConsecutiveBreaker,
  circuitBreaker,
  ExponentialBackoff,
  halfJitterGenerator,
  handleWhen,
  retry,
} from "cockatiel";

/**
 * The adapter's calls to the platform go through cockatiel's policies: a consecutive-failure circuit
 * breaker per upstream host, and retries with exponential backoff for idempotent reads (half jitter: each
 * delay between half and all of base * 2^n, capped, so callers that failed together spread out and none
 * retries at once). Only failures `isFailure` names count (a 404 or a refused credential says the platform is up).
 */
export interface RetryPolicy {
  /** Total attempts, the first included (1 = no retry). */
  attempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = { attempts: 3, baseDelayMs: 100, maxDelayMs: 1_000 };

export type BreakerState = "closed" | "open" | "half-open";

const STATE_NAMES: Record<CircuitState, BreakerState> = {
  [CircuitState.Closed]: "closed",
  [CircuitState.Open]: "open",
  [CircuitState.HalfOpen]: "half-open",
  [CircuitState.Isolated]: "open",
};

/** Thrown without calling the upstream while the breaker is open. */
export class BreakerOpenError extends Error {
  constructor(
    readonly retryAfterMs: number,
    options?: ErrorOptions,
  ) {
    super("circuit breaker is open", options);
    this.name = "BreakerOpenError";
  }
}

export interface Breaker {
  /** Runs `work` unless the breaker is open (then BreakerOpenError); while half-open, one trial runs
   * and other callers wait for its outcome. */
  run<T>(work: () => Promise<T>): Promise<T>;
  state(): BreakerState;
}

export function createBreaker(options: {
  failureThreshold: number;
  resetAfterMs: number;
  isFailure: (error: unknown) => boolean;
  onStateChange?: (from: BreakerState, to: BreakerState) => void;
}): Breaker {
  const policy: CircuitBreakerPolicy = circuitBreaker(handleWhen(options.isFailure), {
    halfOpenAfter: options.resetAfterMs,
    breaker: new ConsecutiveBreaker(options.failureThreshold),
  });
  let openedAt = 0;
  let state: BreakerState = "closed";
  policy.onBreak(() => {
    openedAt = Date.now();
  });
  policy.onStateChange((next) => {
    const from = state;
    state = STATE_NAMES[next];
    if (from !== state) options.onStateChange?.(from, state);
  });
  return {
    state: () => STATE_NAMES[policy.state],
    async run(work) {
      try {
        return await policy.execute(work);
      } catch (error) {
        if (error instanceof BrokenCircuitError)
          throw new BreakerOpenError(Math.max(0, options.resetAfterMs - (Date.now() - openedAt)), {
            cause: error,
          });
        throw error;
      }
    },
  };
}

/** Retries of idempotent calls on the errors `retryable` names; aborting `signal` ends the wait. */
export function createRetry(
  policy: RetryPolicy,
  retryable: (error: unknown) => boolean,
  onRetry?: (error: unknown, retry: number, delayMs: number) => void,
): { run<T>(work: () => Promise<T>, signal?: AbortSignal): Promise<T> } {
  const retries: CockatielRetry = retry(handleWhen(retryable), {
    maxAttempts: policy.attempts - 1,
    backoff: new ExponentialBackoff({
      generator: halfJitterGenerator,
      initialDelay: policy.baseDelayMs,
      maxDelay: policy.maxDelayMs,
    }),
  });
  if (onRetry)
    retries.onRetry((event) =>
      onRetry("error" in event ? event.error : event.value, event.attempt, event.delay),
    );
  return {
    run: (work, signal) => {
      if (!signal) return retries.execute(() => work());
      // cockatiel waits out a backoff even once the caller is gone: answer the caller at once, and make
      // the attempt that would follow the wait end before it calls the platform.
      const attempts = retries.execute(() => {
        signal.throwIfAborted();
        return work();
      }, signal);
      return untilAborted(attempts, signal);
    },
  };
}

function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    if (signal.aborted) onAbort();
    else signal.addEventListener("abort", onAbort, { once: true });
    work.then(
      (value) => {
        signal.removeEventListener("abort", onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener("abort", onAbort);
        reject(error);
      },
    );
  });
}

/**
 * Retries with exponential backoff and full jitter. A tiny helper instead of a library: the adapter needs
 * one policy (idempotent platform reads), an injectable sleep and random source for tests, and abort
 * support; that is fewer lines than adapting `p-retry`'s options and error wrapping.
 */
export interface RetryPolicy {
  /** Total attempts, the first included (1 = no retry). */
  attempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = { attempts: 3, baseDelayMs: 100, maxDelayMs: 1_000 };

/**
 * Delay before retry number `retry` (1-based): a uniform draw from [0, min(max, base * 2^(retry-1))]
 * ("full jitter"), so a fleet of callers that failed together does not retry together.
 */
export function backoffDelay(
  retry: number,
  policy: Pick<RetryPolicy, "baseDelayMs" | "maxDelayMs">,
  random: () => number = Math.random,
): number {
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** Math.max(0, retry - 1));
  return Math.floor(random() * ceiling);
}

export interface RetryOptions {
  policy: RetryPolicy;
  /** Whether this error may be retried; anything else is thrown at once. */
  retryable: (error: unknown) => boolean;
  signal?: AbortSignal;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  random?: () => number;
  onRetry?: (error: unknown, retry: number, delayMs: number) => void;
}

export const abortableSleep = (ms: number, signal?: AbortSignal): Promise<void> =>
  new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener("abort", onAbort, { once: true });
  });

/** Run `work` until it succeeds, fails with a non-retryable error, runs out of attempts or is aborted. */
export async function withRetry<T>(work: (attempt: number) => Promise<T>, options: RetryOptions): Promise<T> {
  const sleep = options.sleep ?? abortableSleep;
  for (let attempt = 1; ; attempt++) {
    try {
      return await work(attempt);
    } catch (error) {
      const last = attempt >= options.policy.attempts;
      if (last || options.signal?.aborted || !options.retryable(error)) throw error;
      const delay = backoffDelay(attempt, options.policy, options.random);
      options.onRetry?.(error, attempt, delay);
      await sleep(delay, options.signal);
    }
  }
}

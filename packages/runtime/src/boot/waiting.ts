import { setTimeout as sleep } from "node:timers/promises";

/** Thrown by a wait that the process's shutdown cut short. */
export class StartupInterrupted extends Error {
  constructor() {
    super("start-up interrupted");
    this.name = "StartupInterrupted";
  }
}

/**
 * Retry `attempt` until it returns a value, with a growing pause (0.5 s doubling to 5 s), calling
 * `onWait` with each failure so the caller can log it. Stops with `StartupInterrupted` when `signal` aborts
 * (or an attempt throws it).
 */
export async function retryUntil<T>(
  attempt: () => Promise<T | undefined>,
  options: { signal?: AbortSignal; onWait: (reason: unknown, attempt: number) => void },
): Promise<T> {
  let pause = 500;
  for (let n = 1; ; n++) {
    if (options.signal?.aborted) throw new StartupInterrupted();
    let reason: unknown;
    try {
      const value = await attempt();
      if (value !== undefined) return value;
    } catch (error) {
      if (error instanceof StartupInterrupted) throw error;
      reason = error;
    }
    options.onWait(reason, n);
    await sleep(pause, undefined, { signal: options.signal }).catch(() => {});
    pause = Math.min(pause * 2, 5_000);
  }
}

/** Resolves with `promise`, or rejects with `StartupInterrupted` as soon as `signal` aborts. */
export function unlessAborted<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return promise;
  if (signal.aborted) return Promise.reject(new StartupInterrupted());
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(new StartupInterrupted());
    signal.addEventListener("abort", onAbort, { once: true });
    promise.then(
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

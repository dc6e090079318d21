/** An item waiting in a batching queue, with the promise of its submitter to settle. */
export interface Waiting<I, O> {
  item: I;
  resolve(value: O): void;
  reject(error: unknown): void;
}

export interface BatchingQueueOptions<I, O> {
  /** Items handed to one `flush` at most; more wait for the next one. */
  maxBatch: number;
  /** `flush` calls running at once. */
  maxInFlight: number;
  /**
   * Least time in milliseconds between the starts of two flushes (default 0: none). An item arriving sooner
   * after the last start waits for the rest of it, and goes with every other item arriving meanwhile, so
   * under a steady high rate each flush carries at least `rate * minIntervalMs` items however fast flushes
   * end. After a quiet spell of this length an item still goes out at once.
   */
  minIntervalMs?: number;
  /**
   * Handles one batch and settles every item of it. An item it leaves unsettled is rejected: with the
   * error when `flush` throws, otherwise with an error saying the batch forgot it.
   */
  flush(batch: Waiting<I, O>[]): Promise<void>;
}

/**
 * Batching without a timer (unless `minIntervalMs` asks for one): an item submitted while `maxInFlight` flushes are running waits for one of
 * them to end and then goes with every other item waiting by then, in one flush. Alone, an item goes out
 * at once, so a low rate pays no added latency; under a burst the cost of a flush (a round trip, a
 * commit, a call's framing) is paid once per batch instead of once per item. When flushes end quickly,
 * batches stay small under a burst; `minIntervalMs` bounds how often flushes start (a timer then holds an
 * item for at most that long), so the batches grow with the rate.
 */
export function makeBatchingQueue<I, O>(options: BatchingQueueOptions<I, O>): (item: I) => Promise<O> {
  const { maxBatch, maxInFlight, flush, minIntervalMs = 0 } = options;
  if (!(Number.isInteger(maxBatch) && maxBatch > 0)) throw new Error("maxBatch must be a positive integer");
  if (!(Number.isInteger(maxInFlight) && maxInFlight > 0)) {
    throw new Error("maxInFlight must be a positive integer");
  }
  if (!(Number.isFinite(minIntervalMs) && minIntervalMs >= 0)) {
    throw new Error("minIntervalMs must be a finite number >= 0");
  }
  const queue: (Waiting<I, O> & { settled: boolean })[] = [];
  let inFlight = 0;
  let lastStart = Number.NEGATIVE_INFINITY;
  /** Set while items wait for `minIntervalMs` to pass since the last start. */
  let timer: ReturnType<typeof setTimeout> | undefined;

  async function run(batch: (Waiting<I, O> & { settled: boolean })[]): Promise<void> {
    let failure: unknown;
    try {
      await flush(batch);
    } catch (error) {
      failure = error;
    }
    for (const waiting of batch) {
      if (!waiting.settled) waiting.reject(failure ?? new Error("the batch left this item unsettled"));
    }
  }

  function pump() {
    while (inFlight < maxInFlight && queue.length > 0 && timer === undefined) {
      if (minIntervalMs > 0) {
        const now = performance.now();
        const wait = lastStart + minIntervalMs - now;
        if (wait > 0) {
          timer = setTimeout(() => {
            timer = undefined;
            pump();
          }, wait);
          return;
        }
        lastStart = now;
      }
      const batch = queue.splice(0, maxBatch);
      inFlight += 1;
      void run(batch).finally(() => {
        inFlight -= 1;
        pump();
      });
    }
  }

  return (item: I) =>
    new Promise<O>((resolve, reject) => {
      const waiting = {
        item,
        settled: false,
        resolve(value: O) {
          waiting.settled = true;
          resolve(value);
        },
        reject(error: unknown) {
          waiting.settled = true;
          reject(error);
        },
      };
      queue.push(waiting);
      pump();
    });
}

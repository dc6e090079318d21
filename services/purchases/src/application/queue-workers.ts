/**
 * `concurrency` workers running `work` over the items pushed, in order. `until` resolves once the
 * condition holds (checked whenever an item finishes); `drained` once every item pushed has finished,
 * rejecting with the first error one of them threw.
 */
export function queueWorkers<T>(concurrency: number, work: (item: T) => Promise<void>) {
  const waiting: T[] = [];
  let running = 0;
  let failure: { error: unknown } | undefined;
  const listeners: (() => void)[] = [];
  const changed = () => {
    for (const listener of listeners.splice(0)) listener();
  };
  const pump = () => {
    while (running < concurrency && waiting.length > 0) {
      const item = waiting.shift() as T;
      running++;
      work(item)
        .catch((error: unknown) => {
          failure ??= { error };
        })
        .finally(() => {
          running--;
          pump();
          changed();
        });
    }
  };
  const until = async (condition: () => boolean) => {
    while (!condition()) await new Promise<void>((resolve) => listeners.push(resolve));
  };
  return {
    push(items: readonly T[]) {
      waiting.push(...items);
      pump();
    },
    waiting: () => waiting.length,
    until,
    async drained() {
      await until(() => running === 0 && waiting.length === 0);
      if (failure) throw failure.error;
    },
  };
}

import type { Logger } from "@mp/logger";

export interface RetryLoop {
  stop(): Promise<void>;
}

/**
 * Runs the copy retry pass every `intervalMs` (never two passes at once) until stopped; a pass that throws
 * (database briefly down) is logged and the loop carries on. Stop waits for a running pass to finish.
 */
export function startReleaseCopyRetryLoop(
  pass: () => Promise<number>,
  options: { intervalMs: number; logger: Logger },
): RetryLoop {
  let stopped = false;
  let running: Promise<void> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  const tick = () => {
    running = pass()
      .then(
        (n) => {
          if (n > 0) options.logger.info({ copies: n }, "release copy requests retried");
        },
        (error: unknown) => options.logger.warn({ err: error }, "release copy retry pass failed"),
      )
      .finally(() => {
        if (!stopped) timer = setTimeout(tick, options.intervalMs);
      });
  };
  timer = setTimeout(tick, options.intervalMs);
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}

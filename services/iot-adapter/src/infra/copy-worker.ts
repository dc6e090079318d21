import type { Logger } from "@mp/logger";
import type { CopyJobRepository } from "../application/ports";
import type { makeRunCopyJob } from "../application/run-copy-job";

export interface CopyWorker {
  /** Look for work now instead of at the next poll. */
  wake(): void;
  /** Finish: the running attempt is aborted (its job is retried later) and the loop ends. */
  stop(): Promise<void>;
}

/**
 * The in-process loop that runs copy jobs one at a time: claim (lease, SKIP LOCKED), run, repeat while
 * there is work; otherwise sleep until the poll interval passes or `wake` is called. Several replicas can
 * run it side by side.
 */
export function startCopyWorker(deps: {
  jobs: CopyJobRepository;
  runCopyJob: ReturnType<typeof makeRunCopyJob>;
  logger: Logger;
  pollMs: number;
  leaseMs: number;
}): CopyWorker {
  const controller = new AbortController();
  let wakeUp: (() => void) | undefined;
  let pending = false;

  const idle = () =>
    new Promise<void>((resolve) => {
      if (pending || controller.signal.aborted) return resolve();
      const timer = setTimeout(done, deps.pollMs);
      function done() {
        clearTimeout(timer);
        wakeUp = undefined;
        resolve();
      }
      wakeUp = done;
    });

  const loop = async () => {
    while (!controller.signal.aborted) {
      pending = false;
      try {
        const job = await deps.jobs.claimNext(deps.leaseMs);
        if (job) {
          await deps.runCopyJob(job, controller.signal);
          continue;
        }
      } catch (error) {
        if (controller.signal.aborted) break;
        deps.logger.error({ err: error }, "copy worker iteration failed");
      }
      await idle();
    }
  };
  const running = loop();

  return {
    wake() {
      pending = true;
      wakeUp?.();
    },
    async stop() {
      controller.abort(new Error("service stopping"));
      wakeUp?.();
      await running;
    },
  };
}

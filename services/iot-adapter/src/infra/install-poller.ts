import type { Logger } from "@mp/logger";
import type { makePollInstalls } from "../application/poll-installs";

/**
 * The in-process loop following in-flight install updates: one bounded round (`pollInstalls`), again at
 * once while rounds come back full, otherwise after `pauseMs()` (`makePollPause`: until the earliest
 * followed update is due, at most `pollMs`) or `pollMs` without it. Rounds lease their rows, so replicas
 * can run it side by side. `stop` ends the loop after the running round.
 */
export function startInstallPoller(deps: {
  pollInstalls: ReturnType<typeof makePollInstalls>;
  logger: Logger;
  pollMs: number;
  batch: number;
  pauseMs?: () => Promise<number>;
}): { stop(): Promise<void> } {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  let wake: (() => void) | undefined;
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      wake = resolve;
      timer = setTimeout(resolve, ms);
    });
  const loop = async () => {
    while (!controller.signal.aborted) {
      let seen = 0;
      let failed = false;
      try {
        seen = await deps.pollInstalls(controller.signal);
      } catch (error) {
        if (controller.signal.aborted) break;
        failed = true;
        deps.logger.error({ err: error }, "install poll round failed");
      }
      if (seen >= deps.batch || controller.signal.aborted) continue;
      // A failed round waits the whole interval: due rows would otherwise be retried at once.
      const pause = deps.pauseMs && !failed ? await deps.pauseMs() : deps.pollMs;
      if (!controller.signal.aborted) await sleep(pause);
    }
  };
  const running = loop();
  return {
    async stop() {
      controller.abort(new Error("service stopping"));
      clearTimeout(timer);
      wake?.();
      await running;
    },
  };
}

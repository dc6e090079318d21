import type { Logger } from "@mp/logger";
import type { makePollInstalls } from "../application/poll-installs";

/**
 * The in-process loop following in-flight install updates: one bounded round (`pollInstalls`), again at
 * once while rounds come back full, otherwise after `pollMs`. Rounds lease their rows, so replicas can run
 * it side by side. `stop` ends the loop after the running round.
 */
export function startInstallPoller(deps: {
  pollInstalls: ReturnType<typeof makePollInstalls>;
  logger: Logger;
  pollMs: number;
  batch: number;
}): { stop(): Promise<void> } {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  let wake: (() => void) | undefined;
  const sleep = () =>
    new Promise<void>((resolve) => {
      wake = resolve;
      timer = setTimeout(resolve, deps.pollMs);
    });
  const loop = async () => {
    while (!controller.signal.aborted) {
      let seen = 0;
      try {
        seen = await deps.pollInstalls(controller.signal);
      } catch (error) {
        if (controller.signal.aborted) break;
        deps.logger.error({ err: error }, "install poll round failed");
      }
      if (seen < deps.batch && !controller.signal.aborted) await sleep();
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

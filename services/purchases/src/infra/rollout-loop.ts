import type { Logger } from "@mp/logger";
import type { RolloutScheduler } from "../application/rollout-scheduler";

/**
 * The in-process loop driving rollouts: a tick over every running rollout every `tickMs`, and sooner when
 * nudged (a rollout was created or resumed, a device's install finished). A nudge waits `nudgeDelayMs` so
 * the transaction that nudged has committed, and nudges arriving meanwhile share one tick. Ticks take the
 * rollout rows with SKIP LOCKED, so replicas run it side by side. `stop` ends it after the running tick.
 */
export function startRolloutLoop(deps: {
  scheduler: RolloutScheduler;
  logger: Logger;
  tickMs: number;
  nudgeDelayMs: number;
}): { nudge(): void; stop(): Promise<void> } {
  let stopped = false;
  let nudged = false;
  let timer: NodeJS.Timeout | undefined;
  let wake: (() => void) | undefined;
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      wake = resolve;
      timer = setTimeout(resolve, ms);
    });
  const loop = async () => {
    while (!stopped) {
      nudged = false;
      try {
        await deps.scheduler.tick();
      } catch (error) {
        if (stopped) break;
        deps.logger.error({ err: error }, "rollout tick failed");
      }
      if (stopped) break;
      await sleep(nudged ? deps.nudgeDelayMs : deps.tickMs);
    }
  };
  const running = loop();
  return {
    nudge() {
      if (nudged) return;
      nudged = true;
      // Cut a long sleep short; a nudge during a tick makes the next sleep the short one.
      clearTimeout(timer);
      timer = setTimeout(() => wake?.(), deps.nudgeDelayMs);
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      wake?.();
      await running;
    },
  };
}

import { AppError } from "@mp/errors";
import type { Logger } from "@mp/logger";
import { changed, type InstallState, installStateOf, isFinal, pollBackoffMs } from "../domain/install-status";
import type { Clock, DevicePlatform, InstallUpdateRepository, UnitOfWork } from "./ports";
import { installEvent } from "./queue-install";

/**
 * One round of the install poll loop: lease up to `batch` due in-flight updates, read each from the
 * platform (the update and its latest RPC), and when what a consumer sees changed, move the row on and
 * publish iot.install.status-changed.v1 (version + 1) in one transaction. A platform error backs that
 * update off (1 s doubling to 60 s); a 404 (the platform no longer knows the update) fails the install.
 * Resolves to how many updates it looked at.
 */
export function makePollInstalls(deps: {
  platform: DevicePlatform;
  installs: InstallUpdateRepository;
  unitOfWork: UnitOfWork;
  clock: Clock;
  logger: Logger;
  pollMs: number;
  batch: number;
}) {
  return async (signal?: AbortSignal): Promise<number> => {
    const due = await deps.installs.claimDue(deps.batch, Math.max(5_000, deps.pollMs * 4));
    for (const install of due) {
      if (signal?.aborted) break;
      let next: InstallState | null;
      try {
        const facts = await deps.platform.getUpdate(install.deviceId, install.updateId!, signal);
        next = installStateOf(facts, deps.clock.now());
        if (!next)
          deps.logger.warn({ installId: install.installId, facts }, "unknown platform update status");
      } catch (error) {
        if (error instanceof AppError && error.code === "not-found") {
          next = {
            status: "failed",
            detail: "The IoT platform no longer knows the update.",
            attemptCount: install.attemptCount,
          };
        } else {
          const failures = install.failures + 1;
          deps.logger.warn(
            { err: error, installId: install.installId, failures },
            "polling an install failed",
          );
          const delay = pollBackoffMs(failures, deps.pollMs);
          await deps.installs.reschedule(
            install.installId,
            failures,
            new Date(deps.clock.now().getTime() + delay),
          );
          continue;
        }
      }
      const now = deps.clock.now();
      const nextPollAt = new Date(now.getTime() + deps.pollMs);
      if (!next || !changed(install, next)) {
        await deps.installs.reschedule(install.installId, 0, nextPollAt);
        continue;
      }
      const state = next;
      await deps.unitOfWork.run(async (tx, emit) => {
        const moved = await deps.installs.advance(tx, install.installId, install.version, state, nextPollAt);
        if (moved) await emit(installEvent(install, state, install.version + 1, now));
      });
      if (isFinal(state.status))
        deps.logger.info({ installId: install.installId, status: state.status }, "install settled");
    }
    return due.length;
  };
}

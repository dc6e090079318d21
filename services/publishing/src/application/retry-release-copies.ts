import { AppError } from "@mp/errors";
import type { Logger } from "@mp/logger";
import { markFailed, type ReleaseFailureCode } from "../domain/item-release";
import { releaseFailedEvent } from "./release-events";
import type {
  IotAdapterPort,
  ItemReleaseRepository,
  ReleaseClock,
  ReleaseItemReader,
  ReleaseUnitOfWork,
} from "./release-ports";

/** Codes worth asking again for: the adapter or the platform was down, or something unexpected broke. */
const TRANSIENT = new Set(["upstream-unavailable", "internal", "rate-limited", "not-implemented"]);

/** Backoff of the n-th failed attempt: 5 s doubling, at most 5 minutes; it never gives up on a transient. */
export function copyRetryDelayMs(attempts: number): number {
  return Math.min(300_000, 5_000 * 2 ** Math.max(0, attempts - 1));
}

/**
 * One pass of the copy retry loop: claims the copies the iot-adapter has not accepted yet and asks again
 * (the adapter is idempotent per correlation id, so a request that did arrive the first time is harmless).
 * A transient failure schedules the next attempt with backoff; a definite refusal (the release is gone, the
 * organisation lost access) fails the release with a fixed code (`not-found` or `copy-refused`; the
 * adapter's own words go to the log only). Returns the number of copies asked.
 */
export function makeRetryReleaseCopies(deps: {
  releases: ItemReleaseRepository;
  items: ReleaseItemReader;
  iot: IotAdapterPort;
  unitOfWork: ReleaseUnitOfWork;
  clock: ReleaseClock;
  logger: Logger;
  batchSize?: number;
  leaseMs?: number;
}) {
  return async (): Promise<number> => {
    const due = await deps.releases.claimDueCopies(deps.batchSize ?? 20, deps.leaseMs ?? 60_000);
    for (const { release, attempts } of due) {
      try {
        await deps.iot.copyReleaseBinary(
          {
            applicationId: release.infuseIotApplicationId,
            releaseId: release.infuseIotReleaseId,
            itemReleaseId: release.id,
          },
          {
            // No user is waiting: publishing asks as itself, for the organisation that owns the release.
            organisationId: release.organisationId,
            requestId: `release-copy-retry-${release.id}-${attempts + 1}`,
          },
        );
        await deps.releases.markCopyRequested(release.id);
      } catch (error) {
        const code = error instanceof AppError ? error.code : "internal";
        if (TRANSIENT.has(code)) {
          const next = attempts + 1;
          await deps.releases.scheduleCopyRetry(
            release.id,
            next,
            new Date(deps.clock.now().getTime() + copyRetryDelayMs(next)),
          );
          deps.logger.warn(
            { err: error, itemReleaseId: release.id, attempts: next },
            "copy request retry failed",
          );
        } else {
          await failRelease(deps, release.id, code === "not-found" ? "not-found" : "copy-refused", error);
        }
      }
    }
    return due.length;
  };
}

async function failRelease(
  deps: Parameters<typeof makeRetryReleaseCopies>[0],
  id: string,
  reason: ReleaseFailureCode,
  cause: unknown,
): Promise<void> {
  await deps.unitOfWork.run(async (tx, emit) => {
    const current = await deps.releases.getForUpdate(tx, id);
    if (!current) return;
    const result = markFailed(current, reason, deps.clock.now());
    if (!result.changed) return;
    const version = await deps.releases.update(tx, result.release);
    const item = await deps.items.get(current.itemId);
    if (item) await emit(releaseFailedEvent(result.release, item.marketplaceInstanceId, version));
  });
  deps.logger.warn({ itemReleaseId: id, reason, err: cause }, "copy request refused; item release failed");
}

import type { EventEnvelope } from "@mp/bus";
import type { InstallStatusChangedV1 } from "@mp/contracts";
import type { PoolClient } from "@mp/db";
import type { Logger } from "@mp/logger";
import type { InstallRepository } from "./ports";

/**
 * Handler of iot.install.status-changed.v1 (in the inbox transaction): the install takes the status when
 * the event's version is above the one applied; its history keeps one step per version whatever the order
 * events arrive in. An event for an install purchases does not hold (another deployment's) is logged and
 * skipped. A rollout device following the install takes its outcome in the same transaction.
 */
export function makeApplyInstallStatus(deps: {
  installs: InstallRepository;
  logger: Logger;
  /** A rollout device following the install takes its outcome (same transaction); its rollout's id. */
  settleRolloutDevice?: (tx: PoolClient, installId: string) => Promise<string | undefined>;
  /** Wakes the rollout scheduler for a rollout whose device finished. */
  nudgeRollout?: (rolloutId: string) => void;
}) {
  return async ({ data }: EventEnvelope<InstallStatusChangedV1>, tx: PoolClient): Promise<void> => {
    const outcome = await deps.installs.applyStatus(tx, {
      installId: data.installId.toLowerCase(),
      rpcId: data.rpcId.toLowerCase(),
      status: data.status,
      detail: data.detail,
      attemptCount: data.attemptCount,
      at: new Date(data.changedAt),
      version: data.version,
    });
    if (outcome === "applied" && deps.settleRolloutDevice) {
      const rolloutId = await deps.settleRolloutDevice(tx, data.installId.toLowerCase());
      if (rolloutId) deps.nudgeRollout?.(rolloutId);
    }
    if (outcome === "unknown")
      deps.logger.warn(
        { installId: data.installId },
        "install status for an install purchases does not hold",
      );
  };
}

import { setTimeout as sleep } from "node:timers/promises";
import { newEvent } from "@mp/bus";
import { type RolloutChangeV1, rolloutCompletedV1, rolloutPausedV1 } from "@mp/contracts";
import { type Pool, type PoolClient, withTransaction } from "@mp/db";
import { AppError } from "@mp/errors";
import type { Logger } from "@mp/logger";
import { deviceStatusOfInstall, exceedsThreshold, nextStatus } from "../domain/rollout";
import { SOURCE } from "./events";
import type { Clock, IdGenerator, InstallRepository } from "./ports";
import { queueWorkers } from "./queue-workers";
import type {
  ClaimedInstall,
  EmitRolloutEvent,
  QueueInstallPort,
  RolloutRepository,
  RolloutView,
} from "./rollout-ports";

type ProgressEvent = { type: string; data: Record<string, unknown> };

/** Pauses before asking the adapter again for an install it did not answer (then `requeue` takes over). */
const RETRY_DELAYS_MS = [200, 500, 1_000, 2_000, 4_000];

/** A claiming transaction takes at most this many devices per queueing worker. */
const CLAIM_BATCH_PER_WORKER = 4;

/** The data of `purchases.rollout.*.v1`. */
export function rolloutChangeOf(r: RolloutView, at: Date): RolloutChangeV1 {
  return {
    rolloutId: r.id,
    providerOrganisationId: r.providerOrganisationId,
    marketplaceItemId: r.marketplaceItemId,
    version: r.version,
    status: r.status,
    counts: r.counts,
    occurredAt: at.toISOString(),
  };
}

/**
 * A rollout device whose install moved: when the install finished (succeeded, already installed, failed,
 * cancelled, expired), the device takes its outcome and a `device-updated` progress event is appended, in
 * the transaction given (the install status consumer's, or the scheduler's after the adapter answered).
 * Resolves to the device's rollout when it changed, so the caller can wake the scheduler.
 */
export function makeSettleRolloutDevice(deps: { rollouts: RolloutRepository; clock: Clock }) {
  return async (tx: PoolClient, installId: string, failureCode?: string): Promise<string | undefined> => {
    const now = deps.clock.now();
    const changed = await deps.rollouts.syncFromInstall(tx, installId, now, failureCode);
    if (!changed) return undefined;
    await deps.rollouts.appendEvents(
      tx,
      changed.rolloutId,
      [
        {
          type: "device-updated",
          data: {
            deviceId: changed.deviceId,
            status: changed.status,
            installStatus: changed.installStatus,
            failureCode: changed.failureCode,
          },
        },
      ],
      now,
    );
    return changed.rolloutId;
  };
}

/**
 * The rollout scheduler, driven from PostgreSQL alone so any number of replicas can run it side by side
 * and a restart loses nothing:
 * - `advance(id)` locks the rollout row (`FOR UPDATE SKIP LOCKED`: a replica that finds it taken leaves
 *   it to the holder), pauses it when failures exceed the threshold, moves to the next wave once the current
 *   one has finished (or completes it after the last), and claims queued devices of the current wave up to
 *   `maxInFlight` in flight, each given its install (the single install's row) in the same transaction;
 * - after the commit, each claimed install is queued on the platform through the iot-adapter (idempotent per
 *   install id), exactly as a single install is; an install whose queueing failed on the way (adapter
 *   down, replica gone) is queued again by `requeue` once `requeueAfterMs` passed, with the same install id,
 *   so it is never doubled.
 */
export function makeRolloutScheduler(deps: {
  pool: Pool;
  rollouts: RolloutRepository;
  installs: InstallRepository;
  iot: QueueInstallPort;
  emit: EmitRolloutEvent;
  clock: Clock;
  ids: IdGenerator;
  logger: Logger;
  /** Installs queued at once on the adapter, per advance. */
  queueConcurrency: number;
  requeueAfterMs: number;
  /** Called when a rollout changed outside the scheduler's own round (wakes the loop). */
  nudge: (rolloutId: string) => void;
}) {
  const settle = makeSettleRolloutDevice(deps);

  /**
   * Queues one claimed install on the platform; the single install's answer handling. A call that did not
   * get an answer (the adapter at its request budget past the call's deadline, or unavailable) is asked
   * again after a short pause (`RETRY_DELAYS_MS`), with the same install id: the adapter queues one
   * platform update per install id, so a repeat is harmless and the device does not sit idle for
   * `requeueAfterMs`. Past the last pause it is left to `requeue`.
   */
  async function queueOne(c: ClaimedInstall): Promise<void> {
    let failureCode: string | undefined;
    for (let attempt = 0; ; attempt++) {
      try {
        const answer = await deps.iot.queueInstallFor(
          c.organisationId,
          { installId: c.installId, deviceId: c.deviceId, releaseId: c.releaseId },
          `rollout-${c.rolloutId}-${c.installId}`,
        );
        await deps.installs.queued(c.installId, answer);
        if (deviceStatusOfInstall(answer.status) === "in_progress") return;
        break;
      } catch (error) {
        // The single install's refusals: the platform's (another update pending) or a device the
        // organisation no longer owns. Anything else (adapter busy or unavailable) is asked again.
        if (error instanceof AppError && ["invalid-state", "not-found"].includes(error.code)) {
          failureCode = error.code;
          await deps.installs.refused(c.installId, error.message);
          break;
        }
        const pause = RETRY_DELAYS_MS[attempt];
        if (pause === undefined) {
          deps.logger.warn(
            { err: error, installId: c.installId, attempts: attempt + 1 },
            "rollout install not queued; asked again after ROLLOUT_REQUEUE_AFTER_MS",
          );
          return;
        }
        deps.logger.warn(
          { err: error, installId: c.installId, attempt: attempt + 1, retryInMs: pause },
          "rollout install not queued yet; asking again with the same install id",
        );
        await sleep(pause);
      }
    }
    const rolloutId = await withTransaction(deps.pool, (tx) => settle(tx, c.installId, failureCode));
    if (rolloutId) deps.nudge(rolloutId);
  }

  async function queueAll(claimed: ClaimedInstall[]): Promise<void> {
    const queue = queueWorkers(deps.queueConcurrency, queueOne);
    queue.push(claimed.filter((c) => !c.rpcId));
    await queue.drained();
  }

  /** Devices one claiming transaction takes at most: a few rounds of the queueing workers. */
  const claimBatch = CLAIM_BATCH_PER_WORKER * deps.queueConcurrency;

  /**
   * Advances a rollout and queues what it claimed; resolves to true when it should run again at once
   * (devices failed without an install, so the wave may have finished). A wave is claimed a batch at a
   * time (`claimBatch`), each in its own transaction under the rollout's lock: the workers start queueing
   * the first batch on the platform at once, and the next is claimed while they still have some of the
   * previous one waiting, instead of every device of a large wave being claimed (a few queries each)
   * before the first is queued. Each batch checks the threshold again, so a rollout also pauses between
   * the batches of one wave.
   */
  async function advance(rolloutId: string): Promise<boolean> {
    const queue = queueWorkers(deps.queueConcurrency, queueOne);
    let again = false;
    try {
      for (;;) {
        const round = await claimRound(rolloutId, claimBatch);
        again ||= round.again;
        queue.push(round.started.filter((c) => !c.rpcId));
        if (!round.full) break;
        await queue.until(() => queue.waiting() <= deps.queueConcurrency);
      }
    } catch (error) {
      // The installs already claimed are still queued before the tick hears of it; a queueing failure
      // among them is logged, not thrown, so the claiming error reaches the caller as it came.
      await queue.drained().catch((queueError: unknown) => {
        deps.logger.warn({ err: queueError, rolloutId }, "rollout install failed while claiming had failed");
      });
      throw error;
    }
    await queue.drained();
    return again;
  }

  /**
   * One transaction of a rollout: threshold, wave, and up to `limit` queued devices of the current wave
   * claimed (within `maxInFlight`). `full` when the limit, not the wave or `maxInFlight`, stopped it.
   */
  async function claimRound(
    rolloutId: string,
    limit: number,
  ): Promise<{ started: ClaimedInstall[]; again: boolean; full: boolean }> {
    return withTransaction(deps.pool, async (tx) => {
      const r = await deps.rollouts.lock(tx, rolloutId, { skipLocked: true });
      if (r?.status !== "running") return { started: [], again: false, full: false };
      const now = deps.clock.now();
      const events: ProgressEvent[] = [];
      const counts = await deps.rollouts.counts(tx, r.id);
      const finish = async (action: "pause" | "complete") => {
        const status = nextStatus(r.status, action);
        if (status === "invalid") return;
        const view = { ...r, status, updatedAt: now, finishedAt: action === "complete" ? now : null, counts };
        await deps.rollouts.update(tx, view);
        events.push({
          type: action === "pause" ? "rollout-paused" : "rollout-completed",
          data: { status, wave: r.currentWave, counts },
        });
        await deps.rollouts.appendEvents(tx, r.id, events, now);
        const contract = action === "pause" ? rolloutPausedV1 : rolloutCompletedV1;
        await deps.emit(tx, newEvent(contract.type, SOURCE, rolloutChangeOf(view, now), now));
      };
      const sinceResume = {
        succeeded: counts.succeeded - r.succeededAtResume,
        failed: counts.failed - r.failedAtResume,
      };
      if (exceedsThreshold(sinceResume, r.failureThresholdPercent)) {
        await finish("pause");
        return { started: [], again: false, full: false };
      }
      while ((await deps.rollouts.openInWave(tx, r.id, r.currentWave)) === 0) {
        if (r.currentWave >= r.waveCount) {
          await finish("complete");
          return { started: [], again: false, full: false };
        }
        r.currentWave++;
        events.push({ type: "wave-started", data: { wave: r.currentWave } });
      }
      const slots = Math.min(limit, r.maxInFlight - counts.inProgress);
      const claimed =
        slots > 0
          ? await deps.rollouts.claim(tx, r, r.currentWave, slots, now, () => deps.ids.next())
          : { started: [], refused: [] };
      for (const c of claimed.started)
        events.push({
          type: "device-updated",
          data: { deviceId: c.deviceId, status: "in_progress", wave: r.currentWave, installId: c.installId },
        });
      for (const deviceId of claimed.refused)
        events.push({
          type: "device-updated",
          data: { deviceId, status: "failed", failureCode: "purchase-not-active" },
        });
      await deps.rollouts.update(tx, { ...r, updatedAt: now });
      await deps.rollouts.appendEvents(tx, r.id, events, now);
      const taken = claimed.started.length + claimed.refused.length;
      return {
        started: claimed.started,
        again: claimed.refused.length > 0,
        full: slots === limit && taken === limit,
      };
    });
  }

  return {
    advance,
    settle,
    /** Installs claimed by a replica that never got the adapter's answer: queued again, same install id. */
    async requeue(limit = 200): Promise<number> {
      const stale = await deps.rollouts.unqueued(
        new Date(deps.clock.now().getTime() - deps.requeueAfterMs),
        limit,
      );
      await queueAll(stale);
      return stale.length;
    },
    /** One pass over every running rollout (the periodic tick). */
    async tick(): Promise<void> {
      await this.requeue();
      for (const installId of await deps.rollouts.finishedInFlight(500))
        await withTransaction(deps.pool, (tx) => settle(tx, installId));
      for (const id of await deps.rollouts.running(100)) {
        for (let rounds = 0; rounds < 10 && (await advance(id)); rounds++);
      }
    },
  };
}

export type RolloutScheduler = ReturnType<typeof makeRolloutScheduler>;

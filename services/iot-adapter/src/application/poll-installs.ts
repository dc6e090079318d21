import { performance } from "node:perf_hooks";
import { AppError } from "@mp/errors";
import type { Logger } from "@mp/logger";
import { chunksOf, factsFromPending, type PendingUpdate, pollPauseMs } from "../domain/install-follow";
import {
  changed,
  type InstallState,
  installStateOf,
  isFinal,
  pollBackoffMs,
  type UpdateFacts,
} from "../domain/install-status";
import type { ClaimedInstall, Clock, DevicePlatform, InstallUpdateRepository, UnitOfWork } from "./ports";
import { installEvent } from "./queue-install";
import { RoundLease } from "./round-lease";

/** Device ids per bulk pending query unless configured (INSTALL_POLL_CHUNK). */
export const DEFAULT_POLL_CHUNK = 100;
/** Individual update reads of a round in flight at once (they still take a budget token each). */
const READ_CONCURRENCY = 4;

const GONE: Omit<InstallState, "attemptCount"> = {
  status: "failed",
  detail: "The IoT platform no longer knows the update.",
};

/**
 * The poll loop's pause after a round that was not full (see `pollPauseMs`): until the earliest followed
 * update is due, within bounds set by how many are followed. A failed read of the rows pauses `pollMs`.
 */
export function makePollPause(deps: {
  installs: Pick<InstallUpdateRepository, "followed">;
  pollMs: number;
  chunk?: number;
}) {
  const chunk = deps.chunk ?? DEFAULT_POLL_CHUNK;
  return async (): Promise<number> => {
    const followed = await deps.installs.followed().catch(() => undefined);
    return followed ? pollPauseMs({ pollMs: deps.pollMs, chunk, ...followed }) : deps.pollMs;
  };
}

/**
 * One round of the install poll loop. It leases up to `batch` due in-flight updates and asks the platform
 * which of their devices still have them pending: one bulk query (`pendingUpdates`) per `chunk` devices,
 * whose answer carries the update and its latest RPC, so a pending install moves on (queued, sent,
 * expired, attempt count) without a request of its own. Only an update the answer no longer shows pending
 * is read by itself (`getUpdate`) to learn how it ended. A round of n in-flight updates of which f ended
 * thus costs ceil(n / chunk) + f platform requests, not n.
 *
 * When what a consumer sees changed, the row moves on (version + 1, guarded by the version read) and
 * iot.install.status-changed.v1 goes out in the same transaction. A platform error backs those updates
 * off (1 s doubling to 60 s); a 404 on the read (the platform no longer knows the update) fails the
 * install. The round's lease is renewed on a timer while the round runs, and its calls are cut off when
 * the lease is lost (see RoundLease); rows left over go back due at once. Resolves to how many updates it
 * leased.
 */
export function makePollInstalls(deps: {
  platform: DevicePlatform;
  installs: InstallUpdateRepository;
  unitOfWork: UnitOfWork;
  clock: Clock;
  logger: Logger;
  pollMs: number;
  batch: number;
  /** Device ids per bulk pending query; default DEFAULT_POLL_CHUNK. */
  chunk?: number;
  /** How long a round leases its rows; default the larger of 5 s and four poll intervals. */
  leaseMs?: number;
  /** Renew the lease when less than this is left (at most, and by default, half the lease). */
  renewBeforeMs?: number;
  monotonicMs?: () => number;
}) {
  const chunk = deps.chunk ?? DEFAULT_POLL_CHUNK;
  const leaseMs = deps.leaseMs ?? Math.max(5_000, deps.pollMs * 4);
  const renewBeforeMs = Math.min(deps.renewBeforeMs ?? leaseMs / 2, leaseMs / 2);
  const monotonicMs = deps.monotonicMs ?? (() => performance.now());

  return async (signal?: AbortSignal): Promise<number> => {
    const claimedAt = monotonicMs();
    const due = await deps.installs.claimDue(deps.batch, leaseMs);
    if (due.length === 0) return 0;
    const lease = new RoundLease(due, {
      installs: deps.installs,
      leaseMs,
      renewBeforeMs,
      claimedAt,
      monotonicMs,
      logger: deps.logger,
    });
    try {
      return await runRound(due, lease, signal);
    } finally {
      await lease.close();
    }
  };

  async function runRound(due: ClaimedInstall[], lease: RoundLease, signal?: AbortSignal): Promise<number> {
    /** Held rows the platform shows unchanged: rescheduled together at the end. */
    const unchanged = new Set<string>();

    const settle = async (install: ClaimedInstall, facts: UpdateFacts | "gone") => {
      const next =
        facts === "gone"
          ? { ...GONE, attemptCount: install.attemptCount }
          : installStateOf(facts, deps.clock.now());
      if (!next) deps.logger.warn({ installId: install.installId, facts }, "unknown platform update status");
      if (!next || !changed(install, next)) {
        unchanged.add(install.installId);
        return;
      }
      const now = deps.clock.now();
      const nextPollAt = new Date(now.getTime() + deps.pollMs);
      await deps.unitOfWork.run(async (tx, emit) => {
        const moved = await deps.installs.advance(tx, install.installId, install.version, next, nextPollAt);
        if (moved) await emit(installEvent(install, next, install.version + 1, now));
      });
      lease.release(install.installId);
      if (isFinal(next.status))
        deps.logger.info({ installId: install.installId, status: next.status }, "install settled");
    };

    const backOff = async (install: ClaimedInstall) => {
      const failures = install.failures + 1;
      const delay = pollBackoffMs(failures, deps.pollMs);
      await lease.withToken((leaseUntil) =>
        deps.installs.reschedule(
          install.installId,
          failures,
          new Date(deps.clock.now().getTime() + delay),
          leaseUntil,
        ),
      );
      lease.release(install.installId);
    };

    // Bulk: which devices still have their tracked update pending, chunk by chunk.
    const byDevice = new Map<string, ClaimedInstall[]>();
    for (const install of due) {
      const key = install.deviceId.toLowerCase();
      byDevice.set(key, [...(byDevice.get(key) ?? []), install]);
    }
    const toRead: ClaimedInstall[] = [];
    for (const deviceIds of chunksOf([...byDevice.keys()], chunk)) {
      const callSignal = lease.signal(signal);
      if (callSignal.aborted) break;
      const group = deviceIds.flatMap((id) => byDevice.get(id) ?? []).filter((i) => lease.holds(i.installId));
      if (group.length === 0) continue;
      let pending: Map<string, PendingUpdate>;
      try {
        pending = await deps.platform.pendingUpdates(
          [...new Set(group.map((i) => i.deviceId.toLowerCase()))],
          callSignal,
        );
      } catch (error) {
        if (callSignal.aborted) continue; // stopping, or the lease ran out: the rows go back due below
        deps.logger.warn({ err: error, installs: group.length }, "polling installs in bulk failed");
        for (const install of group) await backOff(install);
        continue;
      }
      for (const install of group) {
        const facts = factsFromPending(install, pending);
        if (facts) await settle(install, facts);
        else toRead.push(install);
      }
    }

    // Individually: the updates no longer pending, to learn how each ended.
    const readOne = async (install: ClaimedInstall) => {
      const callSignal = lease.signal(signal);
      let facts: UpdateFacts | "gone";
      try {
        facts = await deps.platform.getUpdate(install.deviceId, install.updateId!, callSignal);
      } catch (error) {
        if (callSignal.aborted) return;
        if (!(error instanceof AppError && error.code === "not-found")) {
          deps.logger.warn(
            { err: error, installId: install.installId, failures: install.failures + 1 },
            "polling an install failed",
          );
          return backOff(install);
        }
        facts = "gone";
      }
      await settle(install, facts);
    };
    for (const reads of chunksOf(toRead, READ_CONCURRENCY)) {
      if (lease.signal(signal).aborted) break;
      await Promise.all(reads.filter((i) => lease.holds(i.installId)).map(readOne));
    }

    // Unchanged rows wait a poll interval; rows this round did not get to are due again at once.
    await lease.close();
    const now = deps.clock.now();
    const held = due.map((i) => i.installId).filter((id) => lease.holds(id));
    await lease.withToken(async (leaseUntil) => {
      await deps.installs.rescheduleMany(
        held.filter((id) => unchanged.has(id)),
        new Date(now.getTime() + deps.pollMs),
        leaseUntil,
      );
      await deps.installs.rescheduleMany(
        held.filter((id) => !unchanged.has(id)),
        now,
        leaseUntil,
      );
    });
    return due.length;
  }
}

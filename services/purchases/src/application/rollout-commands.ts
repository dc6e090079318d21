import { type Pool, withTransaction } from "@mp/db";
import { ConflictError, NotFoundError } from "@mp/errors";
import { type CallContext, requirePrincipal } from "@mp/grpc";
import { nextStatus } from "../domain/rollout";
import type { Clock } from "./ports";
import type { RolloutRepository, RolloutView } from "./rollout-ports";
import { parseRolloutId } from "./rollout-queries";

/**
 * Resume (a paused rollout runs again; the threshold then counts only installs finishing after) and cancel
 * (queued devices are cancelled and never started; in-flight installs finish and are reported), for the
 * caller's organisation only (another's rollout is 404). A state that does not allow it is 409
 * `invalid-state`. Both wait for the rollout's row lock, so they never race the scheduler's round.
 */
export function makeRolloutCommands(deps: {
  pool: Pool;
  rollouts: RolloutRepository;
  clock: Clock;
  started: (rolloutId: string) => void;
}) {
  const act = async (action: "resume" | "cancel", rawId: string, ctx: CallContext): Promise<RolloutView> => {
    const org = requirePrincipal(ctx, "provider").organisationId.toLowerCase();
    const id = parseRolloutId(rawId);
    const view = await withTransaction(deps.pool, async (tx) => {
      const r = await deps.rollouts.lock(tx, id, { skipLocked: false });
      if (!r || r.providerOrganisationId !== org) throw new NotFoundError("Rollout");
      const status = nextStatus(r.status, action);
      if (status === "invalid")
        throw new ConflictError("invalid-state", `A ${r.status} rollout cannot be ${action}d.`, {
          extensions: { state: r.status },
        });
      const now = deps.clock.now();
      const cancelled = action === "cancel" ? await deps.rollouts.cancelQueued(tx, id, now) : [];
      const counts = await deps.rollouts.counts(tx, id);
      const next = {
        ...r,
        status,
        updatedAt: now,
        finishedAt: action === "cancel" ? now : r.finishedAt,
        failedAtResume: action === "resume" ? counts.failed : r.failedAtResume,
        succeededAtResume: action === "resume" ? counts.succeeded : r.succeededAtResume,
      };
      await deps.rollouts.update(tx, next);
      const lastEventId = await deps.rollouts.appendEvents(
        tx,
        id,
        [
          {
            type: action === "cancel" ? "rollout-cancelled" : "rollout-resumed",
            data: { status, counts, ...(action === "cancel" ? { cancelledDevices: cancelled.length } : {}) },
          },
        ],
        now,
      );
      return { ...next, lastEventId, counts };
    });
    if (view.status === "running") deps.started(view.id);
    return view;
  };
  return {
    resume: (rolloutId: string, ctx: CallContext) => act("resume", rolloutId, ctx),
    cancel: (rolloutId: string, ctx: CallContext) => act("cancel", rolloutId, ctx),
  };
}

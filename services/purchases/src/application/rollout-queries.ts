import { type Paged, parsePageQuery, type RawPageQuery } from "@mp/db";
import { NotFoundError, ValidationError } from "@mp/errors";
import { type CallContext, requirePrincipal } from "@mp/grpc";
import { isGuid } from "@mp/ids";
import { isFinal, type RolloutDeviceStatus, type RolloutStatus } from "../domain/rollout";
import type { RolloutDevice, RolloutProgressEvent, RolloutRepository, RolloutView } from "./rollout-ports";

const STATUSES: readonly RolloutStatus[] = ["running", "paused", "cancelled", "completed"];
const DEVICE_STATUSES: readonly RolloutDeviceStatus[] = [
  "skipped",
  "queued",
  "in_progress",
  "succeeded",
  "failed",
  "cancelled",
];
/** Events one ListRolloutEvents call returns at most, and by default. */
export const EVENTS_LIMIT = { max: 1_000, default: 500 };

export function parseRolloutId(raw: string): string {
  if (!isGuid(raw)) throw new ValidationError({ "path.rolloutId": ["must be a guid"] });
  return raw.toLowerCase();
}

/** Rollouts and their devices and events, for the caller's organisation only (provider role). */
export function makeRolloutQueries(deps: { rollouts: RolloutRepository }) {
  const own = async (rawId: string, ctx: CallContext): Promise<RolloutView> => {
    const org = requirePrincipal(ctx, "provider").organisationId.toLowerCase();
    const found = await deps.rollouts.get(org, parseRolloutId(rawId));
    if (!found) throw new NotFoundError("Rollout");
    return found;
  };
  return {
    get: own,

    async list(raw: RawPageQuery & { status: string }, ctx: CallContext): Promise<Paged<RolloutView>> {
      const org = requirePrincipal(ctx, "provider").organisationId.toLowerCase();
      if (raw.status && !STATUSES.includes(raw.status as RolloutStatus))
        throw new ValidationError({ "query.status": [`must be one of ${STATUSES.join(", ")}`] });
      const page = parsePageQuery(raw, ["createdAt"]);
      return deps.rollouts.list(org, {
        ...page,
        ...(raw.status ? { status: raw.status as RolloutStatus } : {}),
      });
    },

    async devices(
      raw: { rolloutId: string; page: number; pageSize: number; status: string; direction: string },
      ctx: CallContext,
    ): Promise<Paged<RolloutDevice>> {
      if (raw.status && !DEVICE_STATUSES.includes(raw.status as RolloutDeviceStatus))
        throw new ValidationError({ "query.status": [`must be one of ${DEVICE_STATUSES.join(", ")}`] });
      const page = parsePageQuery({ ...raw, orderBy: "ordinal", direction: raw.direction || "asc" }, [
        "ordinal",
      ]);
      const rollout = await own(raw.rolloutId, ctx);
      return deps.rollouts.devices(rollout.id, {
        page: page.page,
        pageSize: page.pageSize,
        direction: page.direction,
        ...(raw.status ? { status: raw.status as RolloutDeviceStatus } : {}),
      });
    },

    /**
     * Progress events after `afterId`, oldest first, with the rollout's status. `ended` once the rollout is
     * final, no install of it is in flight and the answer holds its last event: the stream ends there.
     */
    async events(
      raw: { rolloutId: string; afterId: number; limit: number },
      ctx: CallContext,
    ): Promise<{ items: RolloutProgressEvent[]; rollout: RolloutView; ended: boolean }> {
      const limit = raw.limit === 0 ? EVENTS_LIMIT.default : raw.limit;
      if (!Number.isInteger(limit) || limit < 1 || limit > EVENTS_LIMIT.max)
        throw new ValidationError({ limit: [`must be from 1 to ${EVENTS_LIMIT.max}`] });
      if (!Number.isSafeInteger(raw.afterId) || raw.afterId < 0)
        throw new ValidationError({ "header.last-event-id": ["must be a non-negative integer"] });
      const rollout = await own(raw.rolloutId, ctx);
      const items = await deps.rollouts.events(rollout.id, raw.afterId, limit);
      const lastRead = items.at(-1)?.id ?? raw.afterId;
      const ended =
        isFinal(rollout.status) && rollout.counts.inProgress === 0 && lastRead >= rollout.lastEventId;
      return { items, rollout, ended };
    },
  };
}

import { z } from "zod";

export const ROLLOUT_STATUSES = ["running", "paused", "cancelled", "completed"] as const;

/**
 * What `purchases.rollout.*.v1` events carry: the rollout, its status after the change, and how many of its
 * devices stand where (`total` = the others added up; `skipped` devices were never eligible).
 */
export const rolloutChange = z.object({
  rolloutId: z.uuid(),
  providerOrganisationId: z.uuid(),
  marketplaceItemId: z.uuid(),
  version: z.string().min(1).max(64),
  status: z.enum(ROLLOUT_STATUSES),
  counts: z.object({
    total: z.number().int().min(0),
    skipped: z.number().int().min(0),
    queued: z.number().int().min(0),
    inProgress: z.number().int().min(0),
    succeeded: z.number().int().min(0),
    failed: z.number().int().min(0),
    cancelled: z.number().int().min(0),
  }),
  occurredAt: z.iso.datetime(),
});
export type RolloutChangeV1 = z.infer<typeof rolloutChange>;

/** A rollout paused: failed installs among the finished ones exceeded its threshold. */
export const rolloutPausedV1 = {
  type: "purchases.rollout.paused.v1",
  stream: "PURCHASES",
  data: rolloutChange,
} as const;
/** A rollout's last wave finished: every eligible device succeeded or failed. */
export const rolloutCompletedV1 = {
  type: "purchases.rollout.completed.v1",
  stream: "PURCHASES",
  data: rolloutChange,
} as const;

export const ROLLOUT_EVENTS = [rolloutPausedV1, rolloutCompletedV1] as const;

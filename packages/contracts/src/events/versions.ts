import { z } from "zod";

/**
 * The aggregate version every entity event carries in `data.version`: a positive integer, +1 per change
 * of that aggregate, assigned in the transaction that makes the change. Consumers keep the version they
 * applied per aggregate and apply an event only when its version is higher (`applyIfNewer` in @mp/bus),
 * which is what makes redeliveries, replays, snapshots and events that overtook each other harmless.
 */
export const aggregateVersion = z.number().int().positive();

/**
 * The version of an aggregate with a single event (created once, never changed, or one final outcome):
 * always 1. Older copies of these events in a stream were written without it, hence the default.
 */
export const onlyVersion = z.literal(1).default(1);

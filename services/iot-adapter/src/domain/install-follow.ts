import type { UpdateFacts } from "./install-status";

/** A device's pending platform update as the bulk pending query reports it. */
export interface PendingUpdate extends UpdateFacts {
  updateId: string;
}

/** `items` in consecutive chunks of at most `size` (at least 1). */
export function chunksOf<T>(items: readonly T[], size: number): T[][] {
  const step = Math.max(1, Math.floor(size));
  const chunks: T[][] = [];
  for (let i = 0; i < items.length; i += step) chunks.push(items.slice(i, i + step));
  return chunks;
}

/**
 * What the bulk pending answer (device id, lowercase -> its pending update) says about one tracked update.
 * The platform answers only devices that have an update pending, and a device has at most one. So when
 * the device's pending update is this one, the answer holds everything the install status needs (the
 * update and its latest RPC): its facts. Otherwise (the device is left out, or another update is pending)
 * this update is no longer pending: it succeeded, failed or was cancelled, and only a read of the update
 * itself says which: null.
 */
export function factsFromPending(
  tracked: { deviceId: string; updateId: string | null },
  pending: ReadonlyMap<string, PendingUpdate>,
): UpdateFacts | null {
  const answer = pending.get(tracked.deviceId.toLowerCase());
  if (!answer || !tracked.updateId || answer.updateId.toLowerCase() !== tracked.updateId.toLowerCase())
    return null;
  const { updateId: _, ...facts } = answer;
  return facts;
}

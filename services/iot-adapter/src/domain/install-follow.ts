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

/** The shortest pause the poll loop takes between rounds, whatever is due. */
export const MIN_POLL_PAUSE_MS = 20;

/**
 * How long the install poll loop pauses after a round that was not full, from what it follows now: until
 * the earliest followed update is due (`dueInMs`), so an install is read when its interval is up rather
 * than up to a whole interval later, but never longer than `pollMs`, and never sooner than `pollMs`
 * scaled by the share of one bulk query (`chunk` devices) the followed updates fill (at least
 * MIN_POLL_PAUSE_MS). A round costs a bulk query per chunk of due updates: with a chunk's worth or more
 * followed, rounds stay at least `pollMs` apart as before; with `n` fewer, a round comes only when
 * something is due and at most every `pollMs * n / chunk`, so at most min(n, chunk / n) bulk queries an
 * interval (10 with the default chunk of 100) while few installs are in flight.
 */
export function pollPauseMs(f: {
  pollMs: number;
  chunk: number;
  followed: number;
  dueInMs: number | null;
}): number {
  if (f.followed <= 0 || f.dueInMs === null) return f.pollMs;
  const floor = Math.max(MIN_POLL_PAUSE_MS, (f.pollMs * Math.min(f.followed, f.chunk)) / f.chunk);
  return Math.min(f.pollMs, Math.max(floor, Math.ceil(f.dueInMs)));
}

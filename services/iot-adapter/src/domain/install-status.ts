import type { InstallStatus } from "@mp/contracts";

/** The facts of a platform application update (and its latest RPC) the install status follows. */
export interface UpdateFacts {
  /** DeviceApplicationUpdateStatus: pending | success | failed | cancelled. */
  status: string;
  lastError?: string | undefined;
  attemptCount: number;
  /** The latest downlink message (the RPC record): waiting | sent | completed, and when it expires. */
  message?: { status: string; expiresAt?: string | undefined } | undefined;
}

export interface InstallState {
  status: InstallStatus;
  detail: string | null;
  attemptCount: number;
}

/** Statuses after which the platform's records no longer change the install. */
export const FINAL_STATUSES: readonly InstallStatus[] = [
  "succeeded",
  "failed",
  "cancelled",
  "already_installed",
];

export const isFinal = (status: InstallStatus) => FINAL_STATUSES.includes(status);

/**
 * The install status a platform update shows: `success` -> succeeded, `failed` -> failed (detail: the
 * platform's `lastError`), `cancelled` -> cancelled; while `pending`, its RPC decides: `waiting` (or no
 * RPC yet) -> queued, `waiting` past `expiresAt` -> expired (the platform has no expired status; its tools
 * read it from `expiresAt`), `sent` or `completed` (the update not settled yet) -> sent. Null for a status
 * the platform does not document (the caller keeps the previous state and logs it).
 */
export function installStateOf(update: UpdateFacts, now: Date): InstallState | null {
  const attemptCount = Math.max(0, update.attemptCount);
  switch (update.status) {
    case "success":
      return { status: "succeeded", detail: null, attemptCount };
    case "failed":
      return {
        status: "failed",
        detail: update.lastError?.trim() || "The IoT platform reported the update failed.",
        attemptCount,
      };
    case "cancelled":
      return { status: "cancelled", detail: update.lastError?.trim() || null, attemptCount };
    case "pending": {
      const message = update.message;
      if (!message || message.status === "waiting") {
        const expired = message?.expiresAt !== undefined && Date.parse(message.expiresAt) < now.getTime();
        return { status: expired ? "expired" : "queued", detail: null, attemptCount };
      }
      if (message.status === "sent" || message.status === "completed")
        return { status: "sent", detail: null, attemptCount };
      return null;
    }
    default:
      return null;
  }
}

/** Whether two states differ in anything a consumer sees. */
export const changed = (a: InstallState, b: InstallState) =>
  a.status !== b.status || a.detail !== b.detail || a.attemptCount !== b.attemptCount;

/** Delay before polling again after `failures` consecutive platform errors: 1 s doubling, capped at 60 s. */
export function pollBackoffMs(failures: number, pollMs: number): number {
  if (failures <= 0) return pollMs;
  return Math.min(60_000, Math.max(pollMs, 1_000 * 2 ** (failures - 1)));
}

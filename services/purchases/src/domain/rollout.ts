import type { InstallStatus } from "./install";

/** Where a rollout stands: `paused` and `running` can change, `cancelled` and `completed` are final. */
export type RolloutStatus = "running" | "paused" | "cancelled" | "completed";

/** Where one device of a rollout stands. */
export type RolloutDeviceStatus = "skipped" | "queued" | "in_progress" | "succeeded" | "failed" | "cancelled";

/** Why a device named by the request takes no part in the rollout. */
export type SkipReason = "not-purchased" | "release-incompatible" | "already-installed";

export interface RolloutCounts {
  total: number;
  skipped: number;
  queued: number;
  inProgress: number;
  succeeded: number;
  failed: number;
  cancelled: number;
}

/** Bounds of a rollout request (also the API's). */
export const ROLLOUT_LIMITS = {
  deviceIds: 10_000,
  firstWave: { min: 1, max: 10_000, default: 1 },
  growth: { min: 1, max: 10, default: 2 },
  failureThresholdPercent: { min: 0, max: 100, default: 10 },
  maxInFlight: { min: 1, max: 1_000, default: 50 },
} as const;

/** The size of wave `n` (1-based): `firstWave * growth^(n-1)`, rounded up, never 0. */
export function waveSize(n: number, firstWave: number, growth: number): number {
  return Math.max(1, Math.ceil(firstWave * growth ** (n - 1) - 1e-9));
}

/**
 * The wave of each of `count` eligible devices in order: the first `firstWave` are wave 1, the next
 * `firstWave * growth` wave 2, and so on; the last wave takes what is left.
 */
export function assignWaves(count: number, firstWave: number, growth: number): number[] {
  const waves: number[] = [];
  let wave = 1;
  let left = waveSize(1, firstWave, growth);
  for (let i = 0; i < count; i++) {
    if (left === 0) {
      wave++;
      left = waveSize(wave, firstWave, growth);
    }
    waves.push(wave);
    left--;
  }
  return waves;
}

/**
 * True when the failed installs among the finished ones (since the rollout was last resumed) exceed the
 * threshold: `failed / (succeeded + failed) > threshold%`. Nothing finished never exceeds it.
 */
export function exceedsThreshold(
  finished: { succeeded: number; failed: number },
  failureThresholdPercent: number,
): boolean {
  const total = finished.succeeded + finished.failed;
  return total > 0 && finished.failed * 100 > failureThresholdPercent * total;
}

/**
 * What an install's status means for its rollout device: still `in_progress` while queued or sent,
 * `succeeded` when installed (or already running the release), `failed` when the platform failed,
 * cancelled or expired it.
 */
export function deviceStatusOfInstall(status: InstallStatus): "in_progress" | "succeeded" | "failed" {
  switch (status) {
    case "queued":
    case "sent":
      return "in_progress";
    case "succeeded":
    case "already_installed":
      return "succeeded";
    default:
      return "failed";
  }
}

export type RolloutAction = "pause" | "resume" | "cancel" | "complete";

/**
 * The rollout's state machine: `running` pauses (threshold), completes (last wave finished) or is
 * cancelled; `paused` resumes or is cancelled; `cancelled` and `completed` are final. An action the state
 * does not allow is `invalid` (the API's 409 `invalid-state`).
 */
export function nextStatus(status: RolloutStatus, action: RolloutAction): RolloutStatus | "invalid" {
  switch (action) {
    case "pause":
      return status === "running" ? "paused" : "invalid";
    case "resume":
      return status === "paused" ? "running" : "invalid";
    case "cancel":
      return status === "running" || status === "paused" ? "cancelled" : "invalid";
    case "complete":
      return status === "running" ? "completed" : "invalid";
  }
}

/** True for the statuses a rollout never leaves: its event stream ends there. */
export const isFinal = (status: RolloutStatus) => status === "cancelled" || status === "completed";

/** Counts from rows of (status, count). */
export function countsOf(rows: ReadonlyArray<{ status: RolloutDeviceStatus; count: number }>): RolloutCounts {
  const counts: RolloutCounts = {
    total: 0,
    skipped: 0,
    queued: 0,
    inProgress: 0,
    succeeded: 0,
    failed: 0,
    cancelled: 0,
  };
  for (const { status, count } of rows) {
    counts.total += count;
    if (status === "in_progress") counts.inProgress += count;
    else counts[status] += count;
  }
  return counts;
}

/** Where an install stands (the iot-adapter's statuses, following the IoT platform's records). */
export type InstallStatus =
  | "queued"
  | "sent"
  | "succeeded"
  | "failed"
  | "cancelled"
  | "expired"
  | "already_installed";

/** Statuses in which an install of the same device, item and version is returned instead of a new one. */
export const IN_FLIGHT: readonly InstallStatus[] = ["queued", "sent"];

export type Compatibility = "compatible" | "incompatible" | "installed" | "unknown";

/** The facts of a device that decide a release's compatibility. */
export interface DeviceFacts {
  /** Lowercase board id; empty when the platform did not say. */
  boardId: string;
  /** What the device reports running; null when it never reported. */
  application: { applicationId: number; version: string } | null;
}

/** The facts of an item release that decide it. */
export interface ReleaseFacts {
  boardId: string;
  releaseVersion: string;
  iotApplicationId: number | null;
  iotReleaseId: string | null;
}

/**
 * A release against a device:
 * - `unknown` when either side lacks what decides it (the device's board, or the platform release of a
 *   release recorded before installs existed): reason `device-board-unknown` / `release-not-on-platform`;
 * - `incompatible` when built for another board (reason `board-mismatch`);
 * - `installed` when the device reports this application and version;
 * - `compatible` otherwise.
 */
export function compatibilityOf(
  release: ReleaseFacts,
  device: DeviceFacts,
): { compatibility: Compatibility; reason?: string } {
  if (!device.boardId) return { compatibility: "unknown", reason: "device-board-unknown" };
  if (!release.iotReleaseId) return { compatibility: "unknown", reason: "release-not-on-platform" };
  if (release.boardId.toLowerCase() !== device.boardId.toLowerCase())
    return { compatibility: "incompatible", reason: "board-mismatch" };
  const running = device.application;
  if (
    running &&
    release.iotApplicationId !== null &&
    running.applicationId === release.iotApplicationId &&
    running.version === release.releaseVersion
  )
    return { compatibility: "installed" };
  return { compatibility: "compatible" };
}

/**
 * Which of the item's releases of one version an install on `device` uses: the one built for the
 * device's board (with a platform release). `none` when the version has no release the platform knows,
 * `incompatible` when it has only releases for other boards.
 */
export function releaseForInstall<R extends ReleaseFacts>(
  releases: readonly R[],
  device: DeviceFacts,
): { release: R } | { problem: "version-not-found" | "incompatible" } {
  const known = releases.filter((r) => r.iotReleaseId);
  if (known.length === 0) return { problem: "version-not-found" };
  const match = known.find((r) => r.boardId.toLowerCase() === device.boardId.toLowerCase());
  return match ? { release: match } : { problem: "incompatible" };
}

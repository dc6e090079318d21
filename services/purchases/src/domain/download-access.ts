import type { PurchaseStatus } from "./purchase";

/** Why a device may not download a release (contract section 4, "Download access"). */
export type DownloadDenial =
  | "not-purchased"
  | "purchase-not-active"
  | "version-not-found"
  | "incompatible"
  | "not-device-owner"
  | "preparing";

export type ReleaseStatus = "preparing" | "available" | "failed";

/** What decides a release: the board it is built for and its status. */
export interface ReleaseCandidate {
  boardId: string;
  status: ReleaseStatus;
}

export interface AccessFacts<R extends ReleaseCandidate> {
  /** The caller's organisation (lowercase). */
  organisationId: string;
  /** The device's owner and board as the IoT platform says; null when it knows no such device. */
  device: { organisationId: string; boardId: string } | null;
  /** Statuses of the device's purchases of the item made by the caller's organisation. */
  purchases: readonly PurchaseStatus[];
  /** The item's releases of the requested version, every board. */
  releases: readonly R[];
}

export type AccessDecision<R> = { eligible: true; release: R } | { eligible: false; reason: DownloadDenial };

const PREFERENCE: Record<ReleaseStatus, number> = { available: 0, preparing: 1, failed: 2 };

/**
 * Eligible when the caller's organisation owns the device, the device has a completed purchase of the item,
 * and the version has an `available` release for the device's board. The checks run in that order, so a
 * caller learns nothing about another organisation's device beyond `not-device-owner`. A version whose only
 * release for the board failed has nothing to download: `version-not-found`.
 */
export function decideDownloadAccess<R extends ReleaseCandidate>(facts: AccessFacts<R>): AccessDecision<R> {
  const deny = (reason: DownloadDenial): AccessDecision<R> => ({ eligible: false, reason });
  if (facts.device?.organisationId !== facts.organisationId) return deny("not-device-owner");
  if (facts.purchases.length === 0) return deny("not-purchased");
  if (!facts.purchases.includes("completed")) return deny("purchase-not-active");
  if (facts.releases.length === 0) return deny("version-not-found");
  const boardId = facts.device.boardId;
  const [release] = facts.releases
    .filter((r) => r.boardId === boardId)
    .sort((a, b) => PREFERENCE[a.status] - PREFERENCE[b.status]);
  if (!release) return deny("incompatible");
  if (release.status === "preparing") return deny("preparing");
  if (release.status === "failed") return deny("version-not-found");
  return { eligible: true, release };
}

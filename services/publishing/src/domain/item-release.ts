/** `available` and `failed` are final; only `preparing` moves. */
export type ItemReleaseStatus = "preparing" | "available" | "failed";

/** The board the release is built for; installs later check a device's board against it. */
export interface ReleaseBoard {
  id: string;
  name: string;
  target: string;
}

/**
 * An IoT release selected for a marketplace item. It is `preparing` from selection until the iot-adapter
 * reports the binary stored and verified (`available`) or gives up (`failed`); both ends are final.
 */
export interface ItemRelease {
  id: string;
  itemId: string;
  organisationId: string;
  infuseIotApplicationId: number;
  infuseIotReleaseId: string;
  version: string;
  board: ReleaseBoard;
  /** The platform's length until stored, then the stored object's length. */
  sizeBytes: number;
  crc32: number;
  sha256: string | null;
  /** Where the iot-adapter stored the binary (it chooses the key); null until `available`. */
  objectKey: string | null;
  status: ItemReleaseStatus;
  /** A `ReleaseFailureCode` once `failed`, never raw error text. */
  failureReason: ReleaseFailureCode | null;
  createdAt: Date;
  updatedAt: Date;
}

/** The IoT release as the platform describes it when it is selected. */
export interface SelectedIotRelease {
  releaseId: string;
  applicationId: number;
  version: string;
  board: ReleaseBoard;
  sizeBytes: number;
  crc32: number;
}

/**
 * Why a release failed, as a developer sees it: the iot-adapter's fixed codes, plus `copy-refused` (the
 * adapter refused the copy request outright) and `copy-failed` (a reason publishing does not know, so raw
 * text from anywhere never reaches a user). Details stay in the services' logs.
 */
export const RELEASE_FAILURE_CODES = [
  "not-found",
  "size-mismatch",
  "checksum-mismatch",
  "too-large",
  "upstream-unavailable",
  "retries-exhausted",
  "copy-refused",
  "copy-failed",
] as const;
export type ReleaseFailureCode = (typeof RELEASE_FAILURE_CODES)[number];

export function toFailureCode(reason: string): ReleaseFailureCode {
  return (RELEASE_FAILURE_CODES as readonly string[]).includes(reason)
    ? (reason as ReleaseFailureCode)
    : "copy-failed";
}

/**
 * What is wrong with an IoT release id a request names, or undefined. The id is opaque, but the adapter
 * puts it into a URL path: `.` and `..` would be resolved away there and `/` would split the segment.
 */
export function iotReleaseIdProblem(releaseId: string): string | undefined {
  if (releaseId.length < 1 || releaseId.length > 128) return "must be 1 to 128 characters";
  if (releaseId === "." || releaseId === "..") return "must not be . or ..";
  if (releaseId.includes("/") || releaseId.includes("\\")) return "must not contain / or \\";
  return undefined;
}

/**
 * A new selection: `preparing`, no digest and no object yet (the iot-adapter picks the key when it copies),
 * the platform's length until the stored object's replaces it.
 */
export function selectRelease(
  item: { id: string; organisationId: string },
  release: SelectedIotRelease,
  ids: { id: string; now: Date },
): ItemRelease {
  return {
    id: ids.id,
    itemId: item.id,
    organisationId: item.organisationId,
    infuseIotApplicationId: release.applicationId,
    infuseIotReleaseId: release.releaseId,
    version: release.version,
    board: release.board,
    sizeBytes: release.sizeBytes,
    crc32: release.crc32,
    sha256: null,
    objectKey: null,
    status: "preparing",
    failureReason: null,
    createdAt: ids.now,
    updatedAt: ids.now,
  };
}

/** A transition's outcome: `changed` is false when the release was already past `preparing`. */
export type Transition = { changed: true; release: ItemRelease } | { changed: false; release: ItemRelease };

/**
 * The copy is stored and verified. Only a `preparing` release moves; a repeated or late report leaves an
 * `available` or `failed` release as it is (the first outcome wins, so events never flip a release back).
 */
export function markAvailable(
  release: ItemRelease,
  stored: { sha256: string; sizeBytes: number; objectKey: string },
  now: Date,
): Transition {
  if (release.status !== "preparing") return { changed: false, release };
  return {
    changed: true,
    release: {
      ...release,
      status: "available",
      sha256: stored.sha256,
      sizeBytes: stored.sizeBytes,
      objectKey: stored.objectKey,
      updatedAt: now,
    },
  };
}

/**
 * The copy gave up. Same rule as `markAvailable`: only `preparing` moves. The reason is kept only as one of
 * the fixed codes (anything else becomes `copy-failed`).
 */
export function markFailed(release: ItemRelease, reason: string, now: Date): Transition {
  if (release.status !== "preparing") return { changed: false, release };
  return {
    changed: true,
    release: { ...release, status: "failed", failureReason: toFailureCode(reason), updatedAt: now },
  };
}

interface ParsedVersion {
  major: number;
  minor: number;
  revision: number;
  build: number;
}

const VERSION = /^(\d{1,9})\.(\d{1,9})\.(\d{1,9})(?:\+([0-9a-fA-F]{1,8}))?$/;

/** `major.minor.revision+build` (build hex); undefined for anything else. */
export function parseVersion(version: string): ParsedVersion | undefined {
  const m = VERSION.exec(version);
  if (!m) return undefined;
  return {
    major: Number(m[1]),
    minor: Number(m[2]),
    revision: Number(m[3]),
    build: m[4] ? Number.parseInt(m[4], 16) : 0,
  };
}

/**
 * A text key whose byte order is the version order (numeric per component, build last), stored beside the
 * version so SQL can sort by it. Versions the platform writes in another form sort after the others,
 * by their text.
 */
export function versionSortKey(version: string): string {
  const v = parseVersion(version);
  if (!v) return `1:${version}`;
  const pad = (n: number) => n.toString().padStart(9, "0");
  return `0:${pad(v.major)}.${pad(v.minor)}.${pad(v.revision)}+${v.build.toString(16).padStart(8, "0")}`;
}

/** Orders versions ascending, numerically per component (1.10.0 after 1.9.0). */
export function compareVersions(a: string, b: string): number {
  const ka = versionSortKey(a);
  const kb = versionSortKey(b);
  return ka < kb ? -1 : ka > kb ? 1 : 0;
}

/** The highest version among releases that are or may become installable (`failed` ones never count). */
export function latestVersion(releases: readonly Pick<ItemRelease, "version" | "status">[]): string | null {
  let latest: string | null = null;
  for (const r of releases) {
    if (r.status === "failed") continue;
    if (latest === null || compareVersions(r.version, latest) > 0) latest = r.version;
  }
  return latest;
}

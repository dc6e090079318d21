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
  objectKey: string;
  status: ItemReleaseStatus;
  failureReason: string | null;
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
 * Where the binary lives in the marketplace bucket: under the item, named by the item release id, so two
 * selections never share an object and a retried copy overwrites only its own.
 */
export function releaseObjectKey(itemId: string, itemReleaseId: string): string {
  return `items/${itemId}/releases/${itemReleaseId}.bin`;
}

/** A new selection: `preparing`, no digest yet, the platform's length until the stored object's replaces it. */
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
    objectKey: releaseObjectKey(item.id, ids.id),
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

/** The copy gave up. Same rule as `markAvailable`: only `preparing` moves. */
export function markFailed(release: ItemRelease, reason: string, now: Date): Transition {
  if (release.status !== "preparing") return { changed: false, release };
  return {
    changed: true,
    release: { ...release, status: "failed", failureReason: reason || "copy failed", updatedAt: now },
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

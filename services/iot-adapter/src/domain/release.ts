/** An IoT application as the marketplace sees it; `applicationId` is the platform's integer id. */
export interface IotApplication {
  applicationId: number;
  organisationId: string;
  name: string;
  description: string;
  createdAt: string;
}

export interface ReleaseVersionParts {
  major: number;
  minor: number;
  revision: number;
  buildNum: number;
}

export interface IotBoard {
  id: string;
  name: string;
  /** The build's board target name. */
  target: string;
}

/** A release of an IoT application, with the file facts a copy is verified against. */
export interface IotRelease {
  releaseId: string;
  applicationId: number;
  organisationId: string;
  version: string;
  board: IotBoard;
  sizeBytes: number;
  crc32: number;
  createdAt: string;
}

/**
 * `major.minor.revision+<buildNum as 8 lowercase hex digits>`, the platform tools' own rendering, so a
 * developer recognises the version they uploaded. The build number is a 32-bit unsigned value.
 */
export function formatReleaseVersion(v: ReleaseVersionParts): string {
  const build = (v.buildNum >>> 0).toString(16).padStart(8, "0");
  return `${v.major}.${v.minor}.${v.revision}+${build}`;
}

/** Platform timestamps in the contract's form (ISO, ms, Z); an unparsable one is passed through. */
export function toIsoMs(value: string): string {
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? value : new Date(ms).toISOString();
}

/**
 * What is wrong with a platform release id a request names, or undefined. Release ids are opaque strings
 * that travel as a URL path segment: `.` and `..` survive percent-encoding and are then resolved away by
 * URL normalisation (addressing another route), and `/` (or `\`, which URL parsers treat alike) must
 * never split a segment, so they are refused as invalid input rather than passed on.
 */
export function releaseIdProblem(id: string): string | undefined {
  if (id.length < 1 || id.length > 200) return "must be 1 to 200 characters";
  if (id === "." || id === "..") return "must not be . or ..";
  if (id.includes("/") || id.includes("\\")) return "must not contain / or \\";
  return undefined;
}

import type {
  Application,
  Board,
  Device,
  DeviceApplicationState,
  DeviceState,
  Organisation,
} from "./api-types";
import type { SeedRelease } from "./release-binary";

export type { SeedRelease } from "./release-binary";

/** A device as seeded: the wire model, its reported state, and how the simulator treats its updates. */
export interface SeedDevice extends Device {
  state: DeviceState;
  /** What the device last reported running; absent = it never reported (the endpoint answers 404). */
  applicationState?: DeviceApplicationState;
  /** Every application update of this device ends `failed` (unless a control call says otherwise). */
  failUpdates?: boolean;
}

/**
 * Everything the simulator starts with. Plain data in the API's shapes so a test can build its own, or
 * take `demoSeed()` and change a part; the simulator copies it and never mutates the caller's object.
 */
export interface Seed {
  organisations: Organisation[];
  boards: Board[];
  applications: Application[];
  releases: SeedRelease[];
  devices: SeedDevice[];
}

/** The application state a device reports once it runs `release` (also what a successful update sets). */
export function applicationStateFor(release: SeedRelease, reportedAt: string): DeviceApplicationState {
  return {
    applicationId: release.applicationId,
    version: { ...release.version },
    lastReportedTime: reportedAt,
    boardTargetCrc: release.boardTargetCRC,
    releaseId: release.id,
  };
}

/** `major.minor.revision+<buildNum as 8 hex digits>`, as the Infuse tools print a version. */
export function formatVersion(v: {
  major: number;
  minor: number;
  revision: number;
  buildNum: number;
}): string {
  return `${v.major}.${v.minor}.${v.revision}+${v.buildNum.toString(16).padStart(8, "0")}`;
}

import { createHash } from "node:crypto";
import { DEMO_ORGANISATIONS } from "../demo";
import type { ApplicationVersion, Board, Organisation } from "./api-types";
import { makeRelease, type SeedRelease } from "./release-binary";
import { applicationStateFor, type Seed, type SeedDevice } from "./seed";

const DEV = DEMO_ORGANISATIONS.developer.id;
const PROVIDER = DEMO_ORGANISATIONS.provider.id;

/** Fixed board ids, exported so tests and the demo data can name a board without looking it up. */
export const DEMO_BOARDS = {
  tracker: "0193a5d0-b0a0-7000-8000-0000000000b1",
  sensor: "0193a5d0-b0a0-7000-8000-0000000000b2",
  gateway: "0193a5d0-b0a0-7000-8000-0000000000b3",
} as const;

/** Integer application ids of the developer organisation (the tools print them as 0x%08X). */
export const DEMO_APPLICATIONS = {
  assetTracker: 0x00001001,
  coldChain: 0x00001002,
  vibration: 0x00002001,
  beacon: 0x00001003,
} as const;

/** Timestamps a minute apart from a fixed start, so createdAt ordering is meaningful and stable. */
function at(minutes: number): string {
  return new Date(Date.UTC(2026, 0, 5, 9, 0, 0) + minutes * 60_000).toISOString();
}

function hex(label: string, chars: number): string {
  return createHash("sha256").update(label).digest("hex").slice(0, chars);
}

function board(
  key: keyof typeof DEMO_BOARDS,
  fields: Omit<Board, "id" | "createdAt" | "updatedAt">,
  t: number,
) {
  return { id: DEMO_BOARDS[key], ...fields, createdAt: at(t), updatedAt: at(t) };
}

const TARGETS = { tracker: "infuse_tracker_v2/nrf9151/ns", sensor: "infuse_sensor_v1/nrf52840" } as const;

function release(
  app: number,
  on: keyof typeof TARGETS,
  version: [number, number, number, number],
  t: number,
): SeedRelease {
  const [major, minor, revision, buildNum] = version;
  const v: ApplicationVersion = { major, minor, revision, buildNum };
  return makeRelease({
    id: hex(`release/${app}/${on}/${version.join(".")}`, 24),
    applicationId: app,
    organisationId: DEV,
    version: v,
    boardId: DEMO_BOARDS[on],
    boardTarget: TARGETS[on],
    createdAt: at(t),
    updatedAt: at(t),
  });
}

/**
 * The demo world: the demo organisations; three boards (tracker and sensor public, a gateway board
 * private to the provider); four developer applications (one an algorithm, one without releases) with
 * releases on both public boards; fourteen provider devices, some running a developer release, one
 * reporting firmware the platform has no release for, two that fail every update. A fresh copy per call.
 */
export function demoSeed(): Seed {
  const organisations: Organisation[] = Object.values(DEMO_ORGANISATIONS).map((org, i) => ({
    id: org.id,
    name: org.name,
    createdAt: at(i),
    updatedAt: at(i),
  }));
  const boards = [
    board(
      "tracker",
      {
        name: "infuse_tracker_v2",
        description: "LTE-M/NB-IoT asset tracker with GNSS and accelerometer",
        soc: "nRF9151",
        organisationId: PROVIDER,
        public: true,
        metadataFields: [
          { name: "Asset tag", required: true, unique: true },
          { name: "Site", required: false, unique: false },
        ],
      },
      10,
    ),
    board(
      "sensor",
      {
        name: "infuse_sensor_v1",
        description: "Bluetooth LE environmental and vibration sensor",
        soc: "nRF52840",
        organisationId: PROVIDER,
        public: true,
        metadataFields: [
          { name: "Location", required: true, unique: false },
          { name: "Serial", required: false, unique: true },
        ],
      },
      11,
    ),
    board(
      "gateway",
      {
        name: "provider_gateway_v1",
        description: "Provider's private Bluetooth-to-LTE gateway",
        soc: "nRF5340",
        organisationId: PROVIDER,
        public: false,
        metadataFields: [{ name: "Site", required: true, unique: false }],
      },
      12,
    ),
  ];
  const app = (id: number, name: string, description: string, t: number) => ({
    id,
    name,
    description,
    organisationId: DEV,
    createdAt: at(t),
    updatedAt: at(t),
  });
  const applications = [
    app(
      DEMO_APPLICATIONS.assetTracker,
      "Asset tracker",
      "Tracks pallets and containers with GNSS fixes and geofences.",
      20,
    ),
    app(
      DEMO_APPLICATIONS.coldChain,
      "Cold-chain monitor",
      "Logs temperature excursions for refrigerated goods.",
      21,
    ),
    app(
      DEMO_APPLICATIONS.vibration,
      "Vibration anomaly detector (algorithm)",
      "On-device anomaly detection on accelerometer data for rotating machinery.",
      22,
    ),
    app(DEMO_APPLICATIONS.beacon, "Fleet beacon", "Advertises a fleet identifier; not released yet.", 23),
  ];
  const { assetTracker: AT, coldChain: CC, vibration: VB } = DEMO_APPLICATIONS;
  const releases = [
    release(AT, "tracker", [1, 0, 0, 1], 30),
    release(AT, "tracker", [1, 1, 0, 4], 40),
    release(AT, "tracker", [1, 2, 0, 9], 50),
    release(AT, "sensor", [1, 2, 0, 9], 51),
    release(CC, "sensor", [0, 9, 0, 2], 31),
    release(CC, "sensor", [1, 0, 0, 5], 41),
    release(CC, "tracker", [1, 0, 0, 5], 42),
    release(VB, "sensor", [1, 0, 0, 1], 32),
    release(VB, "sensor", [1, 1, 0, 3], 43),
    release(VB, "tracker", [1, 1, 0, 3], 44),
  ];
  return { organisations, boards, applications, releases, devices: demoDevices(releases) };
}

function demoDevices(releases: SeedRelease[]): SeedDevice[] {
  const find = (app: number, on: string, minor: number) =>
    releases.find((r) => r.applicationId === app && r.boardId === on && r.version.minor === minor);
  const { assetTracker: AT, coldChain: CC, vibration: VB } = DEMO_APPLICATIONS;
  const plan: { on: keyof typeof DEMO_BOARDS; runs?: SeedRelease; fail?: boolean; legacy?: boolean }[] = [
    { on: "tracker", runs: find(AT, DEMO_BOARDS.tracker, 1) },
    { on: "tracker", runs: find(AT, DEMO_BOARDS.tracker, 1) },
    { on: "tracker", runs: find(AT, DEMO_BOARDS.tracker, 2) },
    { on: "tracker", runs: find(CC, DEMO_BOARDS.tracker, 0) },
    { on: "tracker", legacy: true },
    { on: "tracker" },
    { on: "tracker", fail: true },
    { on: "sensor", runs: find(CC, DEMO_BOARDS.sensor, 0) },
    { on: "sensor", runs: find(CC, DEMO_BOARDS.sensor, 0) },
    { on: "sensor", runs: find(VB, DEMO_BOARDS.sensor, 0) },
    { on: "sensor" },
    { on: "sensor", fail: true },
    { on: "gateway" },
    { on: "gateway" },
  ];
  return plan.map((p, i): SeedDevice => {
    const n = i + 1;
    const t = 100 + n * 7;
    const reported = at(t + 600);
    const metadata: Record<string, string> =
      p.on === "tracker"
        ? { "Asset tag": `PAL-${String(n).padStart(4, "0")}`, Site: n % 2 ? "Rotterdam" : "Hamburg" }
        : p.on === "sensor"
          ? { Location: `Pump house ${n}`, Serial: `SNS-${hex(`serial/${n}`, 6).toUpperCase()}` }
          : { Site: "Rotterdam" };
    const device: SeedDevice = {
      id: `0193a5d0-dd00-7000-8000-${String(n).padStart(12, "0")}`,
      deviceId: hex(`device/${n}`, 16),
      mcuId: hex(`mcu/${n}`, 16),
      boardId: DEMO_BOARDS[p.on],
      organisationId: PROVIDER,
      metadata,
      createdAt: at(t),
      updatedAt: at(t),
      state: {
        createdAt: at(t),
        updatedAt: reported,
        lastRouteInterface: "udp",
        lastRouteUdpAddress: `10.20.0.${n}:5684`,
        lastRouteUdpTime: reported,
        lastRouteTime: reported,
        firstPacketTime: at(t + 1),
      },
    };
    if (p.runs) {
      device.applicationState = applicationStateFor(p.runs, reported);
      device.state.applicationId = p.runs.applicationId;
      device.state.applicationVersion = { ...p.runs.version };
    } else if (p.legacy) {
      const version = { major: 0, minor: 8, revision: 0, buildNum: 0 };
      device.applicationState = { applicationId: AT, version, lastReportedTime: reported };
      device.state.applicationId = AT;
      device.state.applicationVersion = { ...version };
    }
    if (p.fail) device.failUpdates = true;
    return device;
  });
}

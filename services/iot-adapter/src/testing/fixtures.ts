import { v7 as uuidv7 } from "uuid";
import type { TrackedInstall } from "../application/ports";
import type { Application, ApplicationRelease, Board } from "../infra/infuse/infuse.types";

export const ORG = "0193a5d0-de00-7000-8000-000000000001";
export const OTHER_ORG = "0193a5d0-9a00-7000-8000-000000000002";
export const BOARD_ID = "0193a5d0-b000-7000-8000-0000000000b1";
const T = "2026-01-02T03:04:05.678Z";

export const platformApplication = (id: number, org = ORG): Application => ({
  id,
  name: `App ${id}`,
  description: `Application ${id}`,
  organisationId: org,
  createdAt: T,
  updatedAt: T,
});

export const platformRelease = (over: Partial<ApplicationRelease> = {}): ApplicationRelease => ({
  id: "rel-1",
  applicationId: 1,
  organisationId: ORG,
  file: { coapPath: "/release/rel-1", len: 11, crc: 0x0d4a1185, diffLen: 0 },
  version: { major: 1, minor: 2, revision: 3, buildNum: 0xabc },
  boardId: BOARD_ID,
  boardTarget: "nrf9151dk/nrf9151/ns",
  boardTargetCRC: 1234,
  createdAt: "2026-01-02T03:04:05Z",
  updatedAt: T,
  ...over,
});

export const platformBoard = (over: Partial<Board> = {}): Board => ({
  id: BOARD_ID,
  name: "nRF9151 DK",
  description: "Dev kit",
  soc: "nRF9151",
  organisationId: ORG,
  public: true,
  metadataFields: [],
  createdAt: T,
  updatedAt: T,
  ...over,
});

/** An install of release `rel-1` just queued on the platform as `updateId` for `deviceId` (version 1). */
export const queuedInstall = (deviceId: string, updateId: string): TrackedInstall => ({
  installId: uuidv7(),
  organisationId: ORG,
  deviceId,
  releaseId: "rel-1",
  updateId,
  status: "queued",
  detail: null,
  attemptCount: 0,
  version: 1,
  failures: 0,
  queuedAt: new Date(),
});

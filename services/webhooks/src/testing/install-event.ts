import type { InstallStatusChangedV1 } from "@mp/contracts";
import { v7 as uuidv7 } from "uuid";

/** An install-status body for one of `organisationId`'s devices: a fresh succeeded install unless `over` says otherwise. */
export const installStatusChanged = (
  organisationId: string,
  over: Partial<InstallStatusChangedV1> = {},
): InstallStatusChangedV1 => ({
  installId: uuidv7(),
  rpcId: "1",
  organisationId,
  deviceId: "0123456789abcdef",
  releaseId: "r1",
  status: "succeeded",
  detail: null,
  attemptCount: 1,
  changedAt: new Date().toISOString(),
  version: 2,
  ...over,
});

import { newEvent } from "@mp/bus";
import { installStatusChangedV1 } from "@mp/contracts";
import type { PoolClient } from "@mp/db";
import { UpstreamUnavailableError, ValidationError } from "@mp/errors";
import { type CallContext, requireOrganisation } from "@mp/grpc";
import { isGuid } from "@mp/ids";
import { type InstallState, installStateOf } from "../domain/install-status";
import type { makeGetDevice } from "./devices";
import type { Clock, DevicePlatform, InstallUpdateRepository, TrackedInstall, UnitOfWork } from "./ports";

export interface QueuedInstall {
  installId: string;
  /** The platform's update id; the install id when nothing was queued. */
  rpcId: string;
  status: TrackedInstall["status"];
  queuedAt: Date;
}

/** The status-changed event of an install in `state` at `version`. */
export function installEvent(install: TrackedInstall, state: InstallState, version: number, at: Date) {
  const data = installStatusChangedV1.data.parse({
    installId: install.installId,
    rpcId: install.updateId ?? install.installId,
    organisationId: install.organisationId,
    deviceId: install.deviceId,
    releaseId: install.releaseId,
    status: state.status,
    detail: state.detail,
    attemptCount: state.attemptCount,
    changedAt: at.toISOString(),
    version,
  });
  return newEvent(installStatusChangedV1.type, "iot-adapter", data, at);
}

/**
 * Queues the platform's application update of a device of the principal's organisation for an install,
 * once per install id: the install's row is looked up under a transaction-scoped advisory lock on the id,
 * so concurrent or repeated requests get the same update. The platform's 200 (the device already runs the
 * release) is `already_installed` with nothing queued. The row and the first status event (version 1)
 * commit together; the poll loop follows the update from there.
 */
export function makeQueueInstall(deps: {
  getDevice: ReturnType<typeof makeGetDevice>;
  platform: DevicePlatform;
  installs: InstallUpdateRepository;
  unitOfWork: UnitOfWork;
  clock: Clock;
  pollMs: number;
}) {
  const toQueued = (i: TrackedInstall): QueuedInstall => ({
    installId: i.installId,
    rpcId: i.updateId ?? i.installId,
    status: i.status,
    queuedAt: i.queuedAt,
  });
  return async (
    request: { installId: string; deviceId: string; releaseId: string },
    ctx: CallContext,
  ): Promise<QueuedInstall> => {
    if (!isGuid(request.installId)) throw new ValidationError({ installId: ["must be a guid"] });
    const releaseId = request.releaseId;
    if (
      !releaseId ||
      releaseId.length > 200 ||
      releaseId === "." ||
      releaseId === ".." ||
      /[/\\]/.test(releaseId)
    )
      throw new ValidationError({ releaseId: ["is not a release id"] });
    const installId = request.installId.toLowerCase();
    // A repeat (the caller's earlier call ran out of time, or another replica asked): answered from the
    // row, with no platform request, when it is the same organisation's install of the same device.
    const organisationId = requireOrganisation(ctx, { role: "provider", services: ["purchases"] });
    const known = await deps.unitOfWork.run((tx) => deps.installs.get(tx, installId));
    if (
      known &&
      known.organisationId === organisationId.toLowerCase() &&
      known.deviceId === request.deviceId.toLowerCase()
    )
      return toQueued(known);
    // Only the device's organisation matters here: its state is not read (one platform request, not two).
    const device = await deps.getDevice(request.deviceId, ctx, { state: false });
    return deps.unitOfWork.run(async (tx: PoolClient, emit) => {
      // Not waited for: a call holding it is queueing this very install (the caller's earlier attempt,
      // still running after the caller gave up). Waiting would hold a connection per repeat while that
      // call waits for a budget token; the repeat answers unavailable and the caller asks again.
      const { rows } = await tx.query<{ locked: boolean }>(
        "SELECT pg_try_advisory_xact_lock(hashtextextended($1, 0)) AS locked",
        [`install:${installId}`],
      );
      if (!rows[0]?.locked)
        throw new UpstreamUnavailableError(
          "This install is being queued by another call; ask again shortly.",
          1,
        );
      const existing = await deps.installs.get(tx, installId);
      if (existing) return toQueued(existing);
      // Not cut off by the caller's deadline: once asked for, the platform's update is recorded here even
      // when the caller has stopped waiting, so its retry (same install id) finds this row instead of
      // asking the platform again and being refused for the update pending on the device.
      const queued = await deps.platform.queueUpdate(device.deviceId, releaseId);
      const now = deps.clock.now();
      const state: InstallState =
        queued.kind === "current"
          ? { status: "already_installed", detail: null, attemptCount: 0 }
          : (installStateOf(queued.facts, now) ?? { status: "queued", detail: null, attemptCount: 0 });
      const install: TrackedInstall = {
        installId,
        organisationId: device.organisationId,
        deviceId: device.deviceId,
        releaseId,
        updateId: queued.kind === "queued" ? queued.updateId : null,
        ...state,
        version: 1,
        failures: 0,
        queuedAt: now,
      };
      await deps.installs.insert(tx, install, new Date(now.getTime() + deps.pollMs));
      await emit(installEvent(install, state, 1, now));
      return toQueued(install);
    });
  };
}

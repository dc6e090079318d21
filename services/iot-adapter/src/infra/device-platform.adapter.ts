import { AppError } from "@mp/errors";
import type { DevicePlatform, Window } from "../application/ports";
import type { IotDevice } from "../domain/device";
import type { PendingUpdate } from "../domain/install-follow";
import type { UpdateFacts } from "../domain/install-status";
import { formatReleaseVersion, toIsoMs } from "../domain/release";
import { makeTtlCache } from "./board-cache";
import type { InfuseClient } from "./infuse/infuse.client";
import type { Device, DeviceApplicationUpdateAndMessage, DeviceState } from "./infuse/infuse.types";

/** A platform device and its state as the marketplace shows it. */
export function toIotDevice(device: Device, state: DeviceState | undefined, boardName: string): IotDevice {
  const seen = state?.lastRouteTime ?? state?.lastRouteUdpTime;
  const version = state?.applicationVersion;
  return {
    deviceId: device.deviceId.toLowerCase(),
    organisationId: device.organisationId.toLowerCase(),
    board: { id: device.boardId.toLowerCase(), name: boardName },
    metadata: device.metadata,
    lastSeenAt: seen ? toIsoMs(seen) : null,
    application:
      state?.applicationId !== undefined && version
        ? { applicationId: state.applicationId, version: formatReleaseVersion(version) }
        : null,
    lastRoute: state?.lastRoute?.interface ?? state?.lastRouteInterface ?? null,
  };
}

/** What the install status follows of a platform update and its latest downlink message. */
function toUpdateFacts(update: DeviceApplicationUpdateAndMessage): UpdateFacts {
  return {
    status: update.status,
    lastError: update.lastError,
    attemptCount: update.attemptCount,
    message: update.downlinkMessage && {
      status: update.downlinkMessage.status,
      expiresAt: update.downlinkMessage.expiresAt,
    },
  };
}

/** The DevicePlatform port over the typed client; board names come from a TTL cache (the board id when unreadable). */
export function makeDevicePlatform(
  client: InfuseClient,
  options: { boardTtlMs?: number } = {},
): DevicePlatform {
  const boards = makeTtlCache<string>({ ttlMs: options.boardTtlMs ?? 5 * 60_000 });
  const boardName = (boardId: string, signal?: AbortSignal) =>
    boards
      .get(boardId, async () => (await client.getBoard(boardId, signal)).name)
      .catch((error: unknown) => {
        if (error instanceof AppError && error.code === "not-found") return boardId;
        throw error;
      });
  const notFoundAsNull = <T>(error: unknown): T | null => {
    if (error instanceof AppError && error.code === "not-found") return null;
    throw error;
  };
  return {
    async listDevices(org: string, window: Window, signal?: AbortSignal) {
      const slice = await client.listDevicesAndState(org, window, signal);
      return {
        items: await Promise.all(
          slice.items.map(async (d) => toIotDevice(d, d.state, await boardName(d.boardId, signal))),
        ),
        hasMore: slice.hasMore,
      };
    },
    async getDevice(deviceId: string, signal?: AbortSignal, options: { state?: boolean } = {}) {
      const device = await client.getDevice(deviceId, signal).catch(notFoundAsNull<Device>);
      if (!device) return null;
      const state =
        options.state === false
          ? null
          : await client.getDeviceState(deviceId, signal).catch(notFoundAsNull<DeviceState>);
      return toIotDevice(device, state ?? undefined, await boardName(device.boardId, signal));
    },
    async queueUpdate(deviceId: string, releaseId: string, signal?: AbortSignal) {
      const result = await client.queueApplicationUpdate(deviceId, releaseId, signal);
      if (result.kind === "current") return { kind: "current" as const };
      const { update } = result;
      return {
        kind: "queued" as const,
        updateId: update.id.toLowerCase(),
        facts: { status: update.status, lastError: update.lastError, attemptCount: update.attemptCount },
      };
    },
    async getUpdate(deviceId: string, updateId: string, signal?: AbortSignal) {
      return toUpdateFacts(await client.getApplicationUpdate(deviceId, updateId, signal));
    },
    async pendingUpdates(deviceIds: readonly string[], signal?: AbortSignal) {
      const data = await client.queryPendingApplicationUpdates(deviceIds, signal);
      const pending = new Map<string, PendingUpdate>();
      for (const [deviceId, update] of Object.entries(data))
        pending.set(deviceId.toLowerCase(), { updateId: update.id.toLowerCase(), ...toUpdateFacts(update) });
      return pending;
    },
  };
}

import type { Readable } from "node:stream";
import { AppError } from "@mp/errors";
import type { IotPlatform, Window } from "../application/ports";
import { CopyFailure } from "../domain/copy-job";
import {
  formatReleaseVersion,
  type IotApplication,
  type IotBoard,
  type IotRelease,
  toIsoMs,
} from "../domain/release";
import { makeTtlCache } from "./board-cache";
import { limitBytes } from "./byte-limit";
import type { InfuseClient } from "./infuse/infuse.client";
import { PlatformRedirectError } from "./infuse/infuse.errors";
import type { Application, ApplicationRelease } from "./infuse/infuse.types";

export function toIotApplication(app: Application): IotApplication {
  return {
    applicationId: app.id,
    organisationId: app.organisationId,
    name: app.name,
    description: app.description,
    createdAt: toIsoMs(app.createdAt),
  };
}

/** `board` carries the board record's name; size and CRC32 are the platform's file stats. */
export function toIotRelease(release: ApplicationRelease, boardName: string): IotRelease {
  const board: IotBoard = { id: release.boardId, name: boardName, target: release.boardTarget };
  return {
    releaseId: release.id,
    applicationId: release.applicationId,
    organisationId: release.organisationId,
    version: formatReleaseVersion(release.version),
    board,
    sizeBytes: release.file.len,
    crc32: release.file.crc >>> 0,
    createdAt: toIsoMs(release.createdAt),
  };
}

/**
 * The IotPlatform port over the typed client: platform models become domain records here, board names
 * come from a TTL cache, and downloads are cut off past the release's advertised length. A board the marketplace credential cannot read (another organisation's
 * private board) falls back to the release's board target as its name rather than failing the release.
 */
export function makeInfusePlatform(client: InfuseClient, options: { boardTtlMs?: number } = {}): IotPlatform {
  const boards = makeTtlCache<string>({ ttlMs: options.boardTtlMs ?? 5 * 60_000 });
  const boardName = (release: ApplicationRelease, signal?: AbortSignal) =>
    boards
      .get(release.boardId, async () => (await client.getBoard(release.boardId, signal)).name)
      .catch((error: unknown) => {
        if (error instanceof AppError && error.code === "not-found") return release.boardTarget;
        throw error;
      });
  const withBoard = async (release: ApplicationRelease, signal?: AbortSignal) =>
    toIotRelease(release, await boardName(release, signal));

  return {
    async listApplications(org: string, window: Window, signal?: AbortSignal) {
      const slice = await client.listApplications(org, window, signal);
      return { items: slice.items.map(toIotApplication), hasMore: slice.hasMore };
    },
    async getApplication(org: string, applicationId: number, signal?: AbortSignal) {
      return toIotApplication(await client.getApplication(org, applicationId, signal));
    },
    async listReleases(org: string, applicationId: number, window: Window, signal?: AbortSignal) {
      const slice = await client.listReleases(org, applicationId, window, signal);
      return {
        items: await Promise.all(slice.items.map((r) => withBoard(r, signal))),
        hasMore: slice.hasMore,
      };
    },
    async getRelease(org: string, applicationId: number, releaseId: string, signal?: AbortSignal) {
      return withBoard(await client.getRelease(org, applicationId, releaseId, signal), signal);
    },
    async downloadRelease(releaseId: string, maxBytes: number, signal?: AbortSignal): Promise<Readable> {
      const download = await client.downloadReleaseFile(releaseId, signal).catch((error: unknown) => {
        if (error instanceof PlatformRedirectError)
          throw new CopyFailure("upstream-unavailable", error.message, { cause: error });
        throw error;
      });
      if (download.contentLength !== undefined && download.contentLength > maxBytes) {
        download.body.destroy();
        throw new CopyFailure(
          "too-large",
          `the platform sends ${download.contentLength} bytes for a release of ${maxBytes}`,
        );
      }
      return limitBytes(download.body, maxBytes);
    },
    async deviceOwner(deviceId: string, signal?: AbortSignal) {
      try {
        const device = await client.getDevice(deviceId, signal);
        return { organisationId: device.organisationId, boardId: device.boardId };
      } catch (error) {
        if (error instanceof AppError && error.code === "not-found") return null;
        throw error;
      }
    },
  };
}

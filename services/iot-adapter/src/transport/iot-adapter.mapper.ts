import type { Application__Output } from "@mp/contracts/generated/marketplace/iotadapter/v1/Application";
import type { CopyReleaseBinaryResponse__Output } from "@mp/contracts/generated/marketplace/iotadapter/v1/CopyReleaseBinaryResponse";
import type { ListApplicationsResponse__Output } from "@mp/contracts/generated/marketplace/iotadapter/v1/ListApplicationsResponse";
import type { ListReleasesResponse__Output } from "@mp/contracts/generated/marketplace/iotadapter/v1/ListReleasesResponse";
import type { Release__Output } from "@mp/contracts/generated/marketplace/iotadapter/v1/Release";
import type { Slice } from "../application/ports";
import type { CopyJob } from "../domain/copy-job";
import type { IotDevice } from "../domain/device";
import type { IotApplication, IotRelease } from "../domain/release";

/** Proto types stop here: the domain never sees them. */
export function toApplicationMessage(app: IotApplication): Application__Output {
  return {
    applicationId: app.applicationId,
    organisationId: app.organisationId,
    name: app.name,
    description: app.description,
    createdAt: app.createdAt,
  };
}

export function toReleaseMessage(release: IotRelease): Release__Output {
  return {
    releaseId: release.releaseId,
    applicationId: release.applicationId,
    organisationId: release.organisationId,
    version: release.version,
    board: { ...release.board },
    sizeBytes: String(release.sizeBytes),
    crc32: release.crc32 >>> 0,
    createdAt: release.createdAt,
  };
}

export function toListApplicationsMessage(slice: Slice<IotApplication>): ListApplicationsResponse__Output {
  return { items: slice.items.map(toApplicationMessage), hasMore: slice.hasMore };
}

export function toListReleasesMessage(slice: Slice<IotRelease>): ListReleasesResponse__Output {
  return { items: slice.items.map(toReleaseMessage), hasMore: slice.hasMore };
}

export function toCopyResponse(job: CopyJob): CopyReleaseBinaryResponse__Output {
  return { jobId: job.id, status: job.status, objectKey: job.objectKey };
}

/** A device as the proto carries it: empty strings for unknown times and routes, no application when none. */
export function toDeviceMessage(device: IotDevice) {
  return {
    deviceId: device.deviceId,
    board: device.board,
    metadata: device.metadata,
    lastSeenAt: device.lastSeenAt ?? "",
    lastRoute: device.lastRoute ?? "",
    ...(device.application ? { application: device.application } : {}),
  };
}

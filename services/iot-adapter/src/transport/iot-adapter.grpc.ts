import type { IotAdapterProto } from "@mp/contracts";
import type { IotAdapterServiceHandlers } from "@mp/contracts/generated/marketplace/iotadapter/v1/IotAdapterService";
import { AppError, UpstreamUnavailableError } from "@mp/errors";
import { type CallContext, loadProto, type ServiceRegistration, unaryHandlers } from "@mp/grpc";
import type { Logger } from "@mp/logger";
import type { makeCopyReleaseBinary } from "../application/copy-release-binary";
import type { makeGetDevice, makeListDevices } from "../application/devices";
import type { makeGetApplication } from "../application/get-application";
import type { makeGetDeviceOwner } from "../application/get-device-owner";
import type { makeGetRelease } from "../application/get-release";
import type { makeListApplications } from "../application/list-applications";
import type { makeListReleases } from "../application/list-releases";
import type { makeQueueInstall } from "../application/queue-install";
import {
  toApplicationMessage,
  toCopyResponse,
  toDeviceMessage,
  toListApplicationsMessage,
  toListReleasesMessage,
  toReleaseMessage,
} from "./iot-adapter.mapper";

export const IOT_ADAPTER_SERVICE = "marketplace.iotadapter.v1.IotAdapterService";

export interface IotAdapterUseCases {
  listApplications: ReturnType<typeof makeListApplications>;
  getApplication: ReturnType<typeof makeGetApplication>;
  listReleases: ReturnType<typeof makeListReleases>;
  getRelease: ReturnType<typeof makeGetRelease>;
  copyReleaseBinary: ReturnType<typeof makeCopyReleaseBinary>;
  getDeviceOwner: ReturnType<typeof makeGetDeviceOwner>;
  listDevices: ReturnType<typeof makeListDevices>;
  getDevice: ReturnType<typeof makeGetDevice>;
  queueInstall: ReturnType<typeof makeQueueInstall>;
}

/** The facade of the Infuse-IoT platform; every RPC acts for the organisation of the call's principal. */
export function iotadapterGrpc(useCases: IotAdapterUseCases, logger: Logger): ServiceRegistration {
  const proto = loadProto<IotAdapterProto>("marketplace/iotadapter/v1/iot_adapter.proto").marketplace
    .iotadapter.v1;
  const implementation = unaryHandlers<IotAdapterServiceHandlers>(
    "iot-adapter",
    {
      ListApplications: async (request, ctx) =>
        toListApplicationsMessage(await useCases.listApplications(request, ctx)),
      GetApplication: async (request, ctx) =>
        toApplicationMessage(await useCases.getApplication(request.applicationId, ctx)),
      ListReleases: async (request, ctx) => toListReleasesMessage(await useCases.listReleases(request, ctx)),
      GetRelease: async (request, ctx) => toReleaseMessage(await useCases.getRelease(request, ctx)),
      CopyReleaseBinary: async (request, ctx) =>
        toCopyResponse(await useCases.copyReleaseBinary(request, ctx)),
      GetDeviceOwner: async (request, ctx) => {
        const { deviceId, owner } = await untilGone(ctx, () =>
          useCases.getDeviceOwner(request.deviceId, ctx),
        );
        return {
          deviceId,
          found: owner !== null,
          organisationId: owner?.organisationId ?? "",
          boardId: owner?.boardId ?? "",
        };
      },
      ListDevices: async (request, ctx) => {
        const page = await useCases.listDevices(request, ctx);
        return { items: page.items.map(toDeviceMessage), hasMore: page.hasMore };
      },
      GetDevice: async (request, ctx) =>
        toDeviceMessage(await untilGone(ctx, () => useCases.getDevice(request.deviceId, ctx))),
      QueueInstall: async (request, ctx) => {
        const queued = await untilGone(ctx, () => useCases.queueInstall(request, ctx));
        return { ...queued, queuedAt: queued.queuedAt.toISOString() };
      },
    },
    logger,
  );
  return { definition: proto.IotAdapterService.service, implementation };
}

/**
 * A call whose caller went away or ran out of time (its signal aborted) and whose work then failed with
 * the abort's own reason answers `upstream-unavailable` with a Retry-After: a handled outcome (the caller
 * asks again), not an unhandled error in the log. Other failures pass through unchanged.
 */
async function untilGone<T>(ctx: CallContext, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!ctx.signal?.aborted || error instanceof AppError) throw error;
    throw new UpstreamUnavailableError(
      "The caller stopped waiting before the IoT platform answered.",
      1,
      error,
    );
  }
}

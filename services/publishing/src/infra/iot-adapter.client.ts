import type { IotAdapterProto } from "@mp/contracts";
import type { IotAdapterServiceClient } from "@mp/contracts/generated/marketplace/iotadapter/v1/IotAdapterService";
import type { Release__Output } from "@mp/contracts/generated/marketplace/iotadapter/v1/Release";
import { type ClientOptions, createUnaryClient, loadProto, type UnaryClient } from "@mp/grpc";
import type { IotApplicationsPort } from "../application/ports";
import type { IotAdapterPort, IotReleaseInfo } from "../application/release-ports";

const toRelease = (r: Release__Output): IotReleaseInfo => ({
  releaseId: r.releaseId,
  applicationId: r.applicationId,
  version: r.version,
  board: { id: r.board?.id ?? "", name: r.board?.name ?? "", target: r.board?.target ?? "" },
  sizeBytes: Number(r.sizeBytes),
  crc32: r.crc32,
  createdAt: r.createdAt,
});

export type IotAdapterClient = UnaryClient<IotAdapterServiceClient>;

/**
 * Publishing's one channel to the iot-adapter (the only service that talks to the IoT platform), shared by
 * the items and releases parts. Requests serving a user forward that user's assertion, so only the
 * caller's organisation's applications are found; the copy retry loop calls as publishing itself, naming
 * the organisation it acts for. Reads are retried here; the copy request is not, so a select
 * request stays short when the adapter is down: the copy retry loop asks again (the adapter is idempotent
 * per correlation id, so a request that did arrive is harmless to repeat).
 */
export function createIotAdapterClient(
  address: string,
  mesh: Pick<ClientOptions, "identity" | "logger">,
): IotAdapterClient {
  const proto = loadProto<IotAdapterProto>("marketplace/iotadapter/v1/iot_adapter.proto").marketplace
    .iotadapter.v1;
  return createUnaryClient(proto.IotAdapterService, address, {
    ...mesh,
    upstream: "iot-adapter",
    idempotent: ["listApplications", "getApplication", "listReleases", "getRelease"],
    deadlineMs: 5_000,
  });
}

/** Proto types stop here: the use cases see plain release and application shapes. */
export function releaseIotAdapter(client: Pick<IotAdapterClient, "call">): IotAdapterPort {
  return {
    async listApplications(page, ctx) {
      const res = await client.call("listApplications", page, ctx);
      return {
        items: res.items.map((a) => ({
          applicationId: a.applicationId,
          name: a.name,
          description: a.description,
          createdAt: a.createdAt,
        })),
        hasMore: res.hasMore,
      };
    },
    async listReleases(applicationId, page, ctx) {
      const res = await client.call("listReleases", { applicationId, ...page }, ctx);
      return { items: res.items.map(toRelease), hasMore: res.hasMore };
    },
    async getRelease(applicationId, releaseId, ctx) {
      return toRelease(await client.call("getRelease", { applicationId, releaseId }, ctx));
    },
    async copyReleaseBinary({ applicationId, releaseId, itemReleaseId }, ctx) {
      await client.call("copyReleaseBinary", { applicationId, releaseId, itemReleaseId }, ctx);
    },
  };
}

/** What creating an item needs of an IoT application: its name and description, for the first metadata. */
export function iotApplications(client: Pick<IotAdapterClient, "call">): IotApplicationsPort {
  return {
    async get(applicationId, ctx) {
      const application = await client.call(
        "getApplication",
        { applicationId },
        { principal: ctx.principal, requestId: ctx.requestId, signal: ctx.signal, deadline: ctx.deadline },
      );
      return { name: application.name, description: application.description };
    },
  };
}

import type { IotAdapterProto } from "@mp/contracts";
import type { Device__Output } from "@mp/contracts/generated/marketplace/iotadapter/v1/Device";
import { type ClientOptions, createUnaryClient, loadProto } from "@mp/grpc";
import type { DeviceOwnersPort, IotDevicesPort, ProviderDevice } from "../application/ports";
import type { QueueInstallPort } from "../application/rollout-ports";
import type { InstallStatus } from "../domain/install";

const toDevice = (d: Device__Output): ProviderDevice => ({
  deviceId: d.deviceId.toLowerCase(),
  board: { id: (d.board?.id ?? "").toLowerCase(), name: d.board?.name ?? "" },
  metadata: d.metadata,
  lastSeenAt: d.lastSeenAt || null,
  application: d.application
    ? { applicationId: d.application.applicationId, version: d.application.version }
    : null,
  lastRoute: d.lastRoute || null,
});

/**
 * The iot-adapter as purchases uses it. Device owners: purchases calls as itself (a read, hence retried);
 * an unreachable adapter fails the call, so the payment update is retried by the bus. Devices and installs:
 * the user of the call being served is forwarded (pass its context), so the adapter scopes them to the
 * user's organisation. QueueInstall is idempotent per install id on the adapter, hence retried too; a
 * rollout's installs are queued as purchases itself naming the organisation (`queueInstallFor`).
 */
export function makeDeviceOwnersClient(
  address: string,
  mesh: Pick<ClientOptions, "identity" | "logger">,
): DeviceOwnersPort & IotDevicesPort & QueueInstallPort & { close(): void } {
  const proto = loadProto<IotAdapterProto>("marketplace/iotadapter/v1/iot_adapter.proto").marketplace
    .iotadapter.v1;
  const client = createUnaryClient(proto.IotAdapterService, address, {
    ...mesh,
    upstream: "iot-adapter",
    idempotent: ["getDeviceOwner", "listDevices", "getDevice", "queueInstall"],
  });
  return {
    async ownerOf(deviceId: string, requestId: string) {
      const owner = await client.call("getDeviceOwner", { deviceId }, { requestId });
      return owner.found
        ? { organisationId: owner.organisationId.toLowerCase(), boardId: owner.boardId.toLowerCase() }
        : null;
    },
    async list(window, ctx) {
      const page = await client.call("listDevices", window, ctx);
      return { items: page.items.map(toDevice), hasMore: page.hasMore };
    },
    async get(deviceId, ctx) {
      return toDevice(await client.call("getDevice", { deviceId }, ctx));
    },
    async queueInstall(request, ctx) {
      const queued = await client.call("queueInstall", request, ctx);
      return {
        rpcId: queued.rpcId,
        status: queued.status as InstallStatus,
        queuedAt: new Date(queued.queuedAt),
      };
    },
    async queueInstallFor(organisationId, request, requestId) {
      // As purchases itself, naming the organisation: a rollout's waves start long after its user's call.
      const queued = await client.call("queueInstall", request, { organisationId, requestId });
      return {
        rpcId: queued.rpcId,
        status: queued.status as InstallStatus,
        queuedAt: new Date(queued.queuedAt),
      };
    },
    close: () => client.close(),
  };
}

import type { IotAdapterProto } from "@mp/contracts";
import { type ClientOptions, createUnaryClient, loadProto } from "@mp/grpc";
import type { DeviceOwnersPort } from "../application/ports";

/**
 * Device owners and boards from the iot-adapter (which asks the Infuse-IoT platform). Purchases calls as itself; a
 * read, hence retried. An unreachable adapter fails the call, so the payment update is retried by the bus.
 */
export function makeDeviceOwnersClient(
  address: string,
  mesh: Pick<ClientOptions, "identity" | "logger">,
): DeviceOwnersPort & { close(): void } {
  const proto = loadProto<IotAdapterProto>("marketplace/iotadapter/v1/iot_adapter.proto").marketplace
    .iotadapter.v1;
  const client = createUnaryClient(proto.IotAdapterService, address, {
    ...mesh,
    upstream: "iot-adapter",
    idempotent: ["getDeviceOwner"],
  });
  return {
    async ownerOf(deviceId: string, requestId: string) {
      const owner = await client.call("getDeviceOwner", { deviceId }, { requestId });
      return owner.found
        ? { organisationId: owner.organisationId.toLowerCase(), boardId: owner.boardId.toLowerCase() }
        : null;
    },
    close: () => client.close(),
  };
}

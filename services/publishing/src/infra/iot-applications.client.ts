import type { IotAdapterProto } from "@mp/contracts";
import { createUnaryClient, loadProto } from "@mp/grpc";
import type { IotApplicationsPort } from "../application/ports";

/**
 * The iot-adapter (the only service that talks to the IoT platform), called with the caller's principal so
 * only the caller's organisation's applications are found.
 */
export function makeIotApplicationsClient(address: string): IotApplicationsPort & { close(): void } {
  const proto = loadProto<IotAdapterProto>("marketplace/iotadapter/v1/iot_adapter.proto").marketplace
    .iotadapter.v1;
  const client = createUnaryClient(proto.IotAdapterService, address, {
    upstream: "iot-adapter",
    idempotent: ["getApplication"],
  });
  return {
    async get(applicationId, ctx) {
      const application = await client.call(
        "getApplication",
        { applicationId },
        { principal: ctx.principal, requestId: ctx.requestId, signal: ctx.signal },
      );
      return { name: application.name, description: application.description };
    },
    close: () => client.close(),
  };
}

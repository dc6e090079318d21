import type { IotAdapterProto } from "@mp/contracts";
import { loadProto, type ServiceRegistration } from "@mp/grpc";

export const IOT_ADAPTER_SERVICE = "marketplace.iotadapter.v1.IotAdapterService";

/** The service's gRPC API; its RPCs arrive with its issue, health is served already. */
export function iotadapterGrpc(): ServiceRegistration {
  const proto = loadProto<IotAdapterProto>("marketplace/iotadapter/v1/iot_adapter.proto").marketplace
    .iotadapter.v1;
  return { definition: proto.IotAdapterService.service, implementation: {} };
}

import type { SettlementsProto } from "@mp/contracts";
import { loadProto, type ServiceRegistration } from "@mp/grpc";

export const SETTLEMENTS_SERVICE = "marketplace.settlements.v1.SettlementsService";

/** The service's gRPC API; its RPCs arrive with its issue, health is served already. */
export function settlementsGrpc(): ServiceRegistration {
  const proto = loadProto<SettlementsProto>("marketplace/settlements/v1/settlements.proto").marketplace
    .settlements.v1;
  return { definition: proto.SettlementsService.service, implementation: {} };
}

import type { AssetsProto } from "@mp/contracts";
import { loadProto, type ServiceRegistration } from "@mp/grpc";

export const ASSETS_SERVICE = "marketplace.assets.v1.AssetsService";

/** The service's gRPC API; its RPCs arrive with its issue, health is served already. */
export function assetsGrpc(): ServiceRegistration {
  const proto = loadProto<AssetsProto>("marketplace/assets/v1/assets.proto").marketplace.assets.v1;
  return { definition: proto.AssetsService.service, implementation: {} };
}

import type { PurchasesProto } from "@mp/contracts";
import { loadProto, type ServiceRegistration } from "@mp/grpc";

export const PURCHASES_SERVICE = "marketplace.purchases.v1.PurchasesService";

/** The service's gRPC API; its RPCs arrive with its issue, health is served already. */
export function purchasesGrpc(): ServiceRegistration {
  const proto = loadProto<PurchasesProto>("marketplace/purchases/v1/purchases.proto").marketplace.purchases
    .v1;
  return { definition: proto.PurchasesService.service, implementation: {} };
}

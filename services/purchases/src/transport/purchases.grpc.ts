import type { PurchasesProto } from "@mp/contracts";
import type { PurchasesServiceHandlers } from "@mp/contracts/generated/marketplace/purchases/v1/PurchasesService";
import { loadProto, type ServiceRegistration, unaryHandlers } from "@mp/grpc";
import type { Logger } from "@mp/logger";
import type { makeListActivity, makeListPurchases } from "../application/purchase-queries";
import { toActivityMessage, toPurchasePage } from "./purchases.mapper";

export const PURCHASES_SERVICE = "marketplace.purchases.v1.PurchasesService";

export interface PurchasesUseCases {
  listPurchases: ReturnType<typeof makeListPurchases>;
  listActivity: ReturnType<typeof makeListActivity>;
}

/** The provider's purchases and activity feed (provider role, the caller's organisation only). */
export function purchasesGrpc(u: PurchasesUseCases, logger: Logger): ServiceRegistration {
  const proto = loadProto<PurchasesProto>("marketplace/purchases/v1/purchases.proto").marketplace.purchases
    .v1;
  const implementation = unaryHandlers<PurchasesServiceHandlers>(
    "purchases",
    {
      ListPurchases: async (request, ctx) => toPurchasePage(await u.listPurchases(request, ctx)),
      ListPurchaseActivity: async (request, ctx) => {
        const { items, limit } = await u.listActivity(request, ctx);
        return { items: items.map(toActivityMessage), limit };
      },
    },
    logger,
  );
  return { definition: proto.PurchasesService.service, implementation };
}

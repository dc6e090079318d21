import type { ListingsProto } from "@mp/contracts";
import type { ListingsServiceHandlers } from "@mp/contracts/generated/marketplace/listings/v1/ListingsService";
import { loadProto, type ServiceRegistration, unaryHandlers } from "@mp/grpc";
import type { Logger } from "@mp/logger";
import type { makeGetInstanceReference } from "../application/get-instance-reference";

export const LISTINGS_SERVICE = "marketplace.listings.v1.ListingsService";

export function listingsGrpc(
  useCases: { getInstanceReference: ReturnType<typeof makeGetInstanceReference> },
  logger: Logger,
): ServiceRegistration {
  const proto = loadProto<ListingsProto>("marketplace/listings/v1/listings.proto").marketplace.listings.v1;
  const implementation = unaryHandlers<ListingsServiceHandlers>(
    "listings",
    {
      GetInstanceReference: async (request) => {
        const instance = await useCases.getInstanceReference(request.id);
        return {
          id: instance.id,
          defaultCurrency: instance.defaultCurrency,
          learnedAt: instance.learnedAt.toISOString(),
        };
      },
    },
    logger,
  );
  return { definition: proto.ListingsService.service, implementation };
}

import type { PublishingProto } from "@mp/contracts";
import type { PublishingServiceHandlers } from "@mp/contracts/generated/marketplace/publishing/v1/PublishingService";
import { loadProto, type ServiceRegistration, unaryHandlers } from "@mp/grpc";
import type { Logger } from "@mp/logger";
import type { makeGetInstanceReference } from "../application/get-instance-reference";

export const PUBLISHING_SERVICE = "marketplace.publishing.v1.PublishingService";

export function publishingGrpc(
  useCases: { getInstanceReference: ReturnType<typeof makeGetInstanceReference> },
  logger: Logger,
): ServiceRegistration {
  const proto = loadProto<PublishingProto>("marketplace/publishing/v1/publishing.proto").marketplace
    .publishing.v1;
  const implementation = unaryHandlers<PublishingServiceHandlers>(
    "publishing",
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
  return { definition: proto.PublishingService.service, implementation };
}

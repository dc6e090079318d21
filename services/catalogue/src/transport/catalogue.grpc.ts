import type { CatalogueProto } from "@mp/contracts";
import type { CatalogueServiceHandlers } from "@mp/contracts/generated/marketplace/catalogue/v1/CatalogueService";
import { loadProto, type ServiceRegistration, unaryHandlers } from "@mp/grpc";
import type { Logger } from "@mp/logger";
import type { makeCreateInstance } from "../application/create-instance";
import type { makeGetInstance } from "../application/get-instance";
import type { makeListInstances } from "../application/list-instances";
import { toInstanceMessage, toListInstancesMessage } from "./catalogue.mapper";

export const CATALOGUE_SERVICE = "marketplace.catalogue.v1.CatalogueService";

export function catalogueGrpc(
  useCases: {
    createInstance: ReturnType<typeof makeCreateInstance>;
    getInstance: ReturnType<typeof makeGetInstance>;
    listInstances: ReturnType<typeof makeListInstances>;
  },
  logger: Logger,
): ServiceRegistration {
  const proto = loadProto<CatalogueProto>("marketplace/catalogue/v1/catalogue.proto").marketplace.catalogue
    .v1;
  const implementation = unaryHandlers<CatalogueServiceHandlers>(
    "catalogue",
    {
      CreateInstance: async (request, ctx) => toInstanceMessage(await useCases.createInstance(request, ctx)),
      GetInstance: async (request, ctx) => toInstanceMessage(await useCases.getInstance(request.id, ctx)),
      ListInstances: async (request, ctx) =>
        toListInstancesMessage(await useCases.listInstances(request, ctx)),
    },
    logger,
  );
  return { definition: proto.CatalogueService.service, implementation };
}

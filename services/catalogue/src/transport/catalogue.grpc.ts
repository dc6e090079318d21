import type { CatalogueProto } from "@mp/contracts";
import type { CatalogueServiceHandlers } from "@mp/contracts/generated/marketplace/catalogue/v1/CatalogueService";
import { loadProto, type ServiceRegistration, unaryHandlers } from "@mp/grpc";
import type { Logger } from "@mp/logger";
import type { makeCreateInstance } from "../application/create-instance";
import type { makeGetInstance } from "../application/get-instance";
import type { makeListInstances } from "../application/list-instances";
import { toInstanceMessage, toListInstancesMessage } from "./catalogue.mapper";
import { encodeInstance, encodeListInstancesResponse } from "./instance.encoder";

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
  // The answers are written by the instance encoder (the same bytes as proto-loader's, without its copies).
  const service = proto.CatalogueService.service;
  const definition = {
    ...service,
    CreateInstance: { ...service.CreateInstance, responseSerialize: encodeInstance },
    GetInstance: { ...service.GetInstance, responseSerialize: encodeInstance },
    ListInstances: { ...service.ListInstances, responseSerialize: encodeListInstancesResponse },
  };
  return { definition, implementation };
}

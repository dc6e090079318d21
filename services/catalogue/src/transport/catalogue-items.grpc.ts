import type { CatalogueItemsProto } from "@mp/contracts";
import type { CatalogueItemsServiceHandlers } from "@mp/contracts/generated/marketplace/catalogue/v1/CatalogueItemsService";
import { loadProto, type ServiceRegistration, unaryHandlers } from "@mp/grpc";
import type { Logger } from "@mp/logger";
import type { makeGetListedItem, makeListListedItems } from "../application/browse-catalogue";
import type { makeGetOfferedItem, makeListOfferedItems } from "../application/offered-items";
import {
  toListedItemMessage,
  toListedPageMessage,
  toOfferedItemMessage,
  toOfferedPageMessage,
} from "./catalogue-items.mapper";

export const CATALOGUE_ITEMS_SERVICE = "marketplace.catalogue.v1.CatalogueItemsService";

/** The read-model RPCs: listed items (public catalogue) and offered items (providers). */
export function catalogueItemsGrpc(
  useCases: {
    listListedItems: ReturnType<typeof makeListListedItems>;
    getListedItem: ReturnType<typeof makeGetListedItem>;
    listOfferedItems: ReturnType<typeof makeListOfferedItems>;
    getOfferedItem: ReturnType<typeof makeGetOfferedItem>;
  },
  logger: Logger,
): ServiceRegistration {
  const proto = loadProto<CatalogueItemsProto>("marketplace/catalogue/v1/catalogue_items.proto").marketplace
    .catalogue.v1;
  const implementation = unaryHandlers<CatalogueItemsServiceHandlers>(
    "catalogue",
    {
      ListListedItems: async (request, ctx) =>
        toListedPageMessage(await useCases.listListedItems(request, ctx)),
      GetListedItem: async (request, ctx) => toListedItemMessage(await useCases.getListedItem(request, ctx)),
      ListOfferedItems: async (request, ctx) =>
        toOfferedPageMessage(await useCases.listOfferedItems(request, ctx)),
      GetOfferedItem: async (request, ctx) =>
        toOfferedItemMessage(await useCases.getOfferedItem(request, ctx)),
    },
    logger,
  );
  return { definition: proto.CatalogueItemsService.service, implementation };
}

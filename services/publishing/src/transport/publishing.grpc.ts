import type { PublishingProto } from "@mp/contracts";
import type { PublishingServiceHandlers } from "@mp/contracts/generated/marketplace/publishing/v1/PublishingService";
import { loadProto, type ServiceRegistration, unaryHandlers } from "@mp/grpc";
import { type makeGetInstanceReference, toInstanceReferenceMessage } from "@mp/known-instances";
import type { Logger } from "@mp/logger";
import type { makeAddImage } from "../application/add-image";
import type { makeAppendMetadata } from "../application/append-metadata";
import type { makeChangeItemStatus } from "../application/change-item-status";
import type { makeCreateItem } from "../application/create-item";
import type { makeGetItem } from "../application/get-item";
import type { makeListImages } from "../application/list-images";
import type { makeListItems } from "../application/list-items";
import type { makeListMetadata } from "../application/list-metadata";
import type { makeListPrices } from "../application/list-prices";
import type { makeOrderImages } from "../application/order-images";
import type { makeRemoveImage } from "../application/remove-image";
import type { makeSetIcon } from "../application/set-icon";
import type { makeSetPrice } from "../application/set-price";
import {
  fromAppendMetadataRequest,
  fromMoneyMessage,
  toImageList,
  toItemMessage,
  toListItemsMessage,
  toMetadataPageMessage,
  toPricePageMessage,
  toPriceRecordMessage,
} from "./items.mapper";

export const PUBLISHING_SERVICE = "marketplace.publishing.v1.PublishingService";

type StatusChange = ReturnType<typeof makeChangeItemStatus>;

/** The item use cases the gRPC service exposes. */
export interface ItemUseCases {
  createItem: ReturnType<typeof makeCreateItem>;
  listItems: ReturnType<typeof makeListItems>;
  getItem: ReturnType<typeof makeGetItem>;
  appendMetadata: ReturnType<typeof makeAppendMetadata>;
  listMetadata: ReturnType<typeof makeListMetadata>;
  setIcon: ReturnType<typeof makeSetIcon>;
  listImages: ReturnType<typeof makeListImages>;
  addImage: ReturnType<typeof makeAddImage>;
  orderImages: ReturnType<typeof makeOrderImages>;
  removeImage: ReturnType<typeof makeRemoveImage>;
  setPrice: ReturnType<typeof makeSetPrice>;
  listPrices: ReturnType<typeof makeListPrices>;
  publishItem: StatusChange;
  unpublishItem: StatusChange;
  retireItem: StatusChange;
}

export function publishingGrpc(
  useCases: { getInstanceReference: ReturnType<typeof makeGetInstanceReference> } & ItemUseCases,
  logger: Logger,
): ServiceRegistration {
  const proto = loadProto<PublishingProto>("marketplace/publishing/v1/publishing.proto").marketplace
    .publishing.v1;
  const u = useCases;
  const implementation = unaryHandlers<PublishingServiceHandlers>(
    "publishing",
    {
      GetInstanceReference: async (request) =>
        toInstanceReferenceMessage(await u.getInstanceReference(request.id)),
      CreateItem: async (request, ctx) => toItemMessage(await u.createItem(request, ctx)),
      ListItems: async (request, ctx) => toListItemsMessage(await u.listItems(request, ctx)),
      GetItem: async (request, ctx) => toItemMessage(await u.getItem(request.id, ctx)),
      AppendMetadata: async (request, ctx) =>
        toItemMessage(
          await u.appendMetadata({ id: request.id, patch: fromAppendMetadataRequest(request) }, ctx),
        ),
      ListMetadata: async (request, ctx) => toMetadataPageMessage(await u.listMetadata(request, ctx)),
      SetIcon: async (request, ctx) => toItemMessage(await u.setIcon(request, ctx)),
      ListImages: async (request, ctx) => toImageList(await u.listImages(request.id, ctx)),
      AddImage: async (request, ctx) => toImageList(await u.addImage(request, ctx)),
      OrderImages: async (request, ctx) => toImageList(await u.orderImages(request, ctx)),
      RemoveImage: async (request, ctx) => {
        await u.removeImage(request, ctx);
        return {};
      },
      SetPrice: async (request, ctx) =>
        toPriceRecordMessage(
          await u.setPrice({ id: request.id, price: fromMoneyMessage(request.price) }, ctx),
        ),
      ListPrices: async (request, ctx) => toPricePageMessage(await u.listPrices(request, ctx)),
      PublishItem: async (request, ctx) => toItemMessage(await u.publishItem(request.id, ctx)),
      UnpublishItem: async (request, ctx) => toItemMessage(await u.unpublishItem(request.id, ctx)),
      RetireItem: async (request, ctx) => toItemMessage(await u.retireItem(request.id, ctx)),
    },
    logger,
  );
  return { definition: proto.PublishingService.service, implementation };
}

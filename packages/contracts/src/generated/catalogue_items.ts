import type * as grpc from '@grpc/grpc-js';
import type { MessageTypeDefinition } from '@grpc/proto-loader';

import type { CatalogueItemsServiceClient as _marketplace_catalogue_v1_CatalogueItemsServiceClient, CatalogueItemsServiceDefinition as _marketplace_catalogue_v1_CatalogueItemsServiceDefinition } from './marketplace/catalogue/v1/CatalogueItemsService';
import type { GetListedItemRequest as _marketplace_catalogue_v1_GetListedItemRequest, GetListedItemRequest__Output as _marketplace_catalogue_v1_GetListedItemRequest__Output } from './marketplace/catalogue/v1/GetListedItemRequest';
import type { GetOfferedItemRequest as _marketplace_catalogue_v1_GetOfferedItemRequest, GetOfferedItemRequest__Output as _marketplace_catalogue_v1_GetOfferedItemRequest__Output } from './marketplace/catalogue/v1/GetOfferedItemRequest';
import type { ItemImage as _marketplace_catalogue_v1_ItemImage, ItemImage__Output as _marketplace_catalogue_v1_ItemImage__Output } from './marketplace/catalogue/v1/ItemImage';
import type { ItemRelease as _marketplace_catalogue_v1_ItemRelease, ItemRelease__Output as _marketplace_catalogue_v1_ItemRelease__Output } from './marketplace/catalogue/v1/ItemRelease';
import type { ListListedItemsRequest as _marketplace_catalogue_v1_ListListedItemsRequest, ListListedItemsRequest__Output as _marketplace_catalogue_v1_ListListedItemsRequest__Output } from './marketplace/catalogue/v1/ListListedItemsRequest';
import type { ListListedItemsResponse as _marketplace_catalogue_v1_ListListedItemsResponse, ListListedItemsResponse__Output as _marketplace_catalogue_v1_ListListedItemsResponse__Output } from './marketplace/catalogue/v1/ListListedItemsResponse';
import type { ListOfferedItemsRequest as _marketplace_catalogue_v1_ListOfferedItemsRequest, ListOfferedItemsRequest__Output as _marketplace_catalogue_v1_ListOfferedItemsRequest__Output } from './marketplace/catalogue/v1/ListOfferedItemsRequest';
import type { ListOfferedItemsResponse as _marketplace_catalogue_v1_ListOfferedItemsResponse, ListOfferedItemsResponse__Output as _marketplace_catalogue_v1_ListOfferedItemsResponse__Output } from './marketplace/catalogue/v1/ListOfferedItemsResponse';
import type { ListedItem as _marketplace_catalogue_v1_ListedItem, ListedItem__Output as _marketplace_catalogue_v1_ListedItem__Output } from './marketplace/catalogue/v1/ListedItem';
import type { ListingPrice as _marketplace_catalogue_v1_ListingPrice, ListingPrice__Output as _marketplace_catalogue_v1_ListingPrice__Output } from './marketplace/catalogue/v1/ListingPrice';
import type { Money as _marketplace_catalogue_v1_Money, Money__Output as _marketplace_catalogue_v1_Money__Output } from './marketplace/catalogue/v1/Money';
import type { OfferedItem as _marketplace_catalogue_v1_OfferedItem, OfferedItem__Output as _marketplace_catalogue_v1_OfferedItem__Output } from './marketplace/catalogue/v1/OfferedItem';
import type { ReleaseBoard as _marketplace_catalogue_v1_ReleaseBoard, ReleaseBoard__Output as _marketplace_catalogue_v1_ReleaseBoard__Output } from './marketplace/catalogue/v1/ReleaseBoard';
import type { Storefront as _marketplace_catalogue_v1_Storefront, Storefront__Output as _marketplace_catalogue_v1_Storefront__Output } from './marketplace/catalogue/v1/Storefront';

type SubtypeConstructor<Constructor extends new (...args: any) => any, Subtype> = {
  new(...args: ConstructorParameters<Constructor>): Subtype;
};

export interface ProtoGrpcType {
  marketplace: {
    catalogue: {
      v1: {
        CatalogueItemsService: SubtypeConstructor<typeof grpc.Client, _marketplace_catalogue_v1_CatalogueItemsServiceClient> & { service: _marketplace_catalogue_v1_CatalogueItemsServiceDefinition }
        GetListedItemRequest: MessageTypeDefinition<_marketplace_catalogue_v1_GetListedItemRequest, _marketplace_catalogue_v1_GetListedItemRequest__Output>
        GetOfferedItemRequest: MessageTypeDefinition<_marketplace_catalogue_v1_GetOfferedItemRequest, _marketplace_catalogue_v1_GetOfferedItemRequest__Output>
        ItemImage: MessageTypeDefinition<_marketplace_catalogue_v1_ItemImage, _marketplace_catalogue_v1_ItemImage__Output>
        ItemRelease: MessageTypeDefinition<_marketplace_catalogue_v1_ItemRelease, _marketplace_catalogue_v1_ItemRelease__Output>
        ListListedItemsRequest: MessageTypeDefinition<_marketplace_catalogue_v1_ListListedItemsRequest, _marketplace_catalogue_v1_ListListedItemsRequest__Output>
        ListListedItemsResponse: MessageTypeDefinition<_marketplace_catalogue_v1_ListListedItemsResponse, _marketplace_catalogue_v1_ListListedItemsResponse__Output>
        ListOfferedItemsRequest: MessageTypeDefinition<_marketplace_catalogue_v1_ListOfferedItemsRequest, _marketplace_catalogue_v1_ListOfferedItemsRequest__Output>
        ListOfferedItemsResponse: MessageTypeDefinition<_marketplace_catalogue_v1_ListOfferedItemsResponse, _marketplace_catalogue_v1_ListOfferedItemsResponse__Output>
        ListedItem: MessageTypeDefinition<_marketplace_catalogue_v1_ListedItem, _marketplace_catalogue_v1_ListedItem__Output>
        ListingPrice: MessageTypeDefinition<_marketplace_catalogue_v1_ListingPrice, _marketplace_catalogue_v1_ListingPrice__Output>
        Money: MessageTypeDefinition<_marketplace_catalogue_v1_Money, _marketplace_catalogue_v1_Money__Output>
        OfferedItem: MessageTypeDefinition<_marketplace_catalogue_v1_OfferedItem, _marketplace_catalogue_v1_OfferedItem__Output>
        ReleaseBoard: MessageTypeDefinition<_marketplace_catalogue_v1_ReleaseBoard, _marketplace_catalogue_v1_ReleaseBoard__Output>
        Storefront: MessageTypeDefinition<_marketplace_catalogue_v1_Storefront, _marketplace_catalogue_v1_Storefront__Output>
      }
    }
  }
}


import type * as grpc from '@grpc/grpc-js';
import type { MessageTypeDefinition } from '@grpc/proto-loader';

import type { AddImageRequest as _marketplace_publishing_v1_AddImageRequest, AddImageRequest__Output as _marketplace_publishing_v1_AddImageRequest__Output } from './marketplace/publishing/v1/AddImageRequest';
import type { AppendMetadataRequest as _marketplace_publishing_v1_AppendMetadataRequest, AppendMetadataRequest__Output as _marketplace_publishing_v1_AppendMetadataRequest__Output } from './marketplace/publishing/v1/AppendMetadataRequest';
import type { CreateItemRequest as _marketplace_publishing_v1_CreateItemRequest, CreateItemRequest__Output as _marketplace_publishing_v1_CreateItemRequest__Output } from './marketplace/publishing/v1/CreateItemRequest';
import type { GetInstanceReferenceRequest as _marketplace_publishing_v1_GetInstanceReferenceRequest, GetInstanceReferenceRequest__Output as _marketplace_publishing_v1_GetInstanceReferenceRequest__Output } from './marketplace/publishing/v1/GetInstanceReferenceRequest';
import type { GetItemRequest as _marketplace_publishing_v1_GetItemRequest, GetItemRequest__Output as _marketplace_publishing_v1_GetItemRequest__Output } from './marketplace/publishing/v1/GetItemRequest';
import type { ImageList as _marketplace_publishing_v1_ImageList, ImageList__Output as _marketplace_publishing_v1_ImageList__Output } from './marketplace/publishing/v1/ImageList';
import type { InstanceReference as _marketplace_publishing_v1_InstanceReference, InstanceReference__Output as _marketplace_publishing_v1_InstanceReference__Output } from './marketplace/publishing/v1/InstanceReference';
import type { Item as _marketplace_publishing_v1_Item, Item__Output as _marketplace_publishing_v1_Item__Output } from './marketplace/publishing/v1/Item';
import type { ItemIcon as _marketplace_publishing_v1_ItemIcon, ItemIcon__Output as _marketplace_publishing_v1_ItemIcon__Output } from './marketplace/publishing/v1/ItemIcon';
import type { ItemImage as _marketplace_publishing_v1_ItemImage, ItemImage__Output as _marketplace_publishing_v1_ItemImage__Output } from './marketplace/publishing/v1/ItemImage';
import type { ItemMetadata as _marketplace_publishing_v1_ItemMetadata, ItemMetadata__Output as _marketplace_publishing_v1_ItemMetadata__Output } from './marketplace/publishing/v1/ItemMetadata';
import type { ListImagesRequest as _marketplace_publishing_v1_ListImagesRequest, ListImagesRequest__Output as _marketplace_publishing_v1_ListImagesRequest__Output } from './marketplace/publishing/v1/ListImagesRequest';
import type { ListItemsRequest as _marketplace_publishing_v1_ListItemsRequest, ListItemsRequest__Output as _marketplace_publishing_v1_ListItemsRequest__Output } from './marketplace/publishing/v1/ListItemsRequest';
import type { ListItemsResponse as _marketplace_publishing_v1_ListItemsResponse, ListItemsResponse__Output as _marketplace_publishing_v1_ListItemsResponse__Output } from './marketplace/publishing/v1/ListItemsResponse';
import type { ListMetadataRequest as _marketplace_publishing_v1_ListMetadataRequest, ListMetadataRequest__Output as _marketplace_publishing_v1_ListMetadataRequest__Output } from './marketplace/publishing/v1/ListMetadataRequest';
import type { ListPricesRequest as _marketplace_publishing_v1_ListPricesRequest, ListPricesRequest__Output as _marketplace_publishing_v1_ListPricesRequest__Output } from './marketplace/publishing/v1/ListPricesRequest';
import type { MetadataPage as _marketplace_publishing_v1_MetadataPage, MetadataPage__Output as _marketplace_publishing_v1_MetadataPage__Output } from './marketplace/publishing/v1/MetadataPage';
import type { Money as _marketplace_publishing_v1_Money, Money__Output as _marketplace_publishing_v1_Money__Output } from './marketplace/publishing/v1/Money';
import type { OrderImagesRequest as _marketplace_publishing_v1_OrderImagesRequest, OrderImagesRequest__Output as _marketplace_publishing_v1_OrderImagesRequest__Output } from './marketplace/publishing/v1/OrderImagesRequest';
import type { PricePage as _marketplace_publishing_v1_PricePage, PricePage__Output as _marketplace_publishing_v1_PricePage__Output } from './marketplace/publishing/v1/PricePage';
import type { PriceRecord as _marketplace_publishing_v1_PriceRecord, PriceRecord__Output as _marketplace_publishing_v1_PriceRecord__Output } from './marketplace/publishing/v1/PriceRecord';
import type { PublishItemRequest as _marketplace_publishing_v1_PublishItemRequest, PublishItemRequest__Output as _marketplace_publishing_v1_PublishItemRequest__Output } from './marketplace/publishing/v1/PublishItemRequest';
import type { PublishingServiceClient as _marketplace_publishing_v1_PublishingServiceClient, PublishingServiceDefinition as _marketplace_publishing_v1_PublishingServiceDefinition } from './marketplace/publishing/v1/PublishingService';
import type { Readiness as _marketplace_publishing_v1_Readiness, Readiness__Output as _marketplace_publishing_v1_Readiness__Output } from './marketplace/publishing/v1/Readiness';
import type { RemoveImageRequest as _marketplace_publishing_v1_RemoveImageRequest, RemoveImageRequest__Output as _marketplace_publishing_v1_RemoveImageRequest__Output } from './marketplace/publishing/v1/RemoveImageRequest';
import type { RemoveImageResponse as _marketplace_publishing_v1_RemoveImageResponse, RemoveImageResponse__Output as _marketplace_publishing_v1_RemoveImageResponse__Output } from './marketplace/publishing/v1/RemoveImageResponse';
import type { RetireItemRequest as _marketplace_publishing_v1_RetireItemRequest, RetireItemRequest__Output as _marketplace_publishing_v1_RetireItemRequest__Output } from './marketplace/publishing/v1/RetireItemRequest';
import type { SetIconRequest as _marketplace_publishing_v1_SetIconRequest, SetIconRequest__Output as _marketplace_publishing_v1_SetIconRequest__Output } from './marketplace/publishing/v1/SetIconRequest';
import type { SetPriceRequest as _marketplace_publishing_v1_SetPriceRequest, SetPriceRequest__Output as _marketplace_publishing_v1_SetPriceRequest__Output } from './marketplace/publishing/v1/SetPriceRequest';
import type { UnpublishItemRequest as _marketplace_publishing_v1_UnpublishItemRequest, UnpublishItemRequest__Output as _marketplace_publishing_v1_UnpublishItemRequest__Output } from './marketplace/publishing/v1/UnpublishItemRequest';

type SubtypeConstructor<Constructor extends new (...args: any) => any, Subtype> = {
  new(...args: ConstructorParameters<Constructor>): Subtype;
};

export interface ProtoGrpcType {
  marketplace: {
    publishing: {
      v1: {
        AddImageRequest: MessageTypeDefinition<_marketplace_publishing_v1_AddImageRequest, _marketplace_publishing_v1_AddImageRequest__Output>
        AppendMetadataRequest: MessageTypeDefinition<_marketplace_publishing_v1_AppendMetadataRequest, _marketplace_publishing_v1_AppendMetadataRequest__Output>
        CreateItemRequest: MessageTypeDefinition<_marketplace_publishing_v1_CreateItemRequest, _marketplace_publishing_v1_CreateItemRequest__Output>
        GetInstanceReferenceRequest: MessageTypeDefinition<_marketplace_publishing_v1_GetInstanceReferenceRequest, _marketplace_publishing_v1_GetInstanceReferenceRequest__Output>
        GetItemRequest: MessageTypeDefinition<_marketplace_publishing_v1_GetItemRequest, _marketplace_publishing_v1_GetItemRequest__Output>
        ImageList: MessageTypeDefinition<_marketplace_publishing_v1_ImageList, _marketplace_publishing_v1_ImageList__Output>
        InstanceReference: MessageTypeDefinition<_marketplace_publishing_v1_InstanceReference, _marketplace_publishing_v1_InstanceReference__Output>
        Item: MessageTypeDefinition<_marketplace_publishing_v1_Item, _marketplace_publishing_v1_Item__Output>
        ItemIcon: MessageTypeDefinition<_marketplace_publishing_v1_ItemIcon, _marketplace_publishing_v1_ItemIcon__Output>
        ItemImage: MessageTypeDefinition<_marketplace_publishing_v1_ItemImage, _marketplace_publishing_v1_ItemImage__Output>
        ItemMetadata: MessageTypeDefinition<_marketplace_publishing_v1_ItemMetadata, _marketplace_publishing_v1_ItemMetadata__Output>
        ListImagesRequest: MessageTypeDefinition<_marketplace_publishing_v1_ListImagesRequest, _marketplace_publishing_v1_ListImagesRequest__Output>
        ListItemsRequest: MessageTypeDefinition<_marketplace_publishing_v1_ListItemsRequest, _marketplace_publishing_v1_ListItemsRequest__Output>
        ListItemsResponse: MessageTypeDefinition<_marketplace_publishing_v1_ListItemsResponse, _marketplace_publishing_v1_ListItemsResponse__Output>
        ListMetadataRequest: MessageTypeDefinition<_marketplace_publishing_v1_ListMetadataRequest, _marketplace_publishing_v1_ListMetadataRequest__Output>
        ListPricesRequest: MessageTypeDefinition<_marketplace_publishing_v1_ListPricesRequest, _marketplace_publishing_v1_ListPricesRequest__Output>
        MetadataPage: MessageTypeDefinition<_marketplace_publishing_v1_MetadataPage, _marketplace_publishing_v1_MetadataPage__Output>
        Money: MessageTypeDefinition<_marketplace_publishing_v1_Money, _marketplace_publishing_v1_Money__Output>
        OrderImagesRequest: MessageTypeDefinition<_marketplace_publishing_v1_OrderImagesRequest, _marketplace_publishing_v1_OrderImagesRequest__Output>
        PricePage: MessageTypeDefinition<_marketplace_publishing_v1_PricePage, _marketplace_publishing_v1_PricePage__Output>
        PriceRecord: MessageTypeDefinition<_marketplace_publishing_v1_PriceRecord, _marketplace_publishing_v1_PriceRecord__Output>
        PublishItemRequest: MessageTypeDefinition<_marketplace_publishing_v1_PublishItemRequest, _marketplace_publishing_v1_PublishItemRequest__Output>
        PublishingService: SubtypeConstructor<typeof grpc.Client, _marketplace_publishing_v1_PublishingServiceClient> & { service: _marketplace_publishing_v1_PublishingServiceDefinition }
        Readiness: MessageTypeDefinition<_marketplace_publishing_v1_Readiness, _marketplace_publishing_v1_Readiness__Output>
        RemoveImageRequest: MessageTypeDefinition<_marketplace_publishing_v1_RemoveImageRequest, _marketplace_publishing_v1_RemoveImageRequest__Output>
        RemoveImageResponse: MessageTypeDefinition<_marketplace_publishing_v1_RemoveImageResponse, _marketplace_publishing_v1_RemoveImageResponse__Output>
        RetireItemRequest: MessageTypeDefinition<_marketplace_publishing_v1_RetireItemRequest, _marketplace_publishing_v1_RetireItemRequest__Output>
        SetIconRequest: MessageTypeDefinition<_marketplace_publishing_v1_SetIconRequest, _marketplace_publishing_v1_SetIconRequest__Output>
        SetPriceRequest: MessageTypeDefinition<_marketplace_publishing_v1_SetPriceRequest, _marketplace_publishing_v1_SetPriceRequest__Output>
        UnpublishItemRequest: MessageTypeDefinition<_marketplace_publishing_v1_UnpublishItemRequest, _marketplace_publishing_v1_UnpublishItemRequest__Output>
      }
    }
  }
}


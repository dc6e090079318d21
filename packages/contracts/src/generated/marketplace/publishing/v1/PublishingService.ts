// Original file: proto/marketplace/publishing/v1/publishing.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { AddImageRequest as _marketplace_publishing_v1_AddImageRequest, AddImageRequest__Output as _marketplace_publishing_v1_AddImageRequest__Output } from '../../../marketplace/publishing/v1/AddImageRequest';
import type { AppendMetadataRequest as _marketplace_publishing_v1_AppendMetadataRequest, AppendMetadataRequest__Output as _marketplace_publishing_v1_AppendMetadataRequest__Output } from '../../../marketplace/publishing/v1/AppendMetadataRequest';
import type { CreateItemRequest as _marketplace_publishing_v1_CreateItemRequest, CreateItemRequest__Output as _marketplace_publishing_v1_CreateItemRequest__Output } from '../../../marketplace/publishing/v1/CreateItemRequest';
import type { GetInstanceReferenceRequest as _marketplace_publishing_v1_GetInstanceReferenceRequest, GetInstanceReferenceRequest__Output as _marketplace_publishing_v1_GetInstanceReferenceRequest__Output } from '../../../marketplace/publishing/v1/GetInstanceReferenceRequest';
import type { GetItemRequest as _marketplace_publishing_v1_GetItemRequest, GetItemRequest__Output as _marketplace_publishing_v1_GetItemRequest__Output } from '../../../marketplace/publishing/v1/GetItemRequest';
import type { ImageList as _marketplace_publishing_v1_ImageList, ImageList__Output as _marketplace_publishing_v1_ImageList__Output } from '../../../marketplace/publishing/v1/ImageList';
import type { InstanceReference as _marketplace_publishing_v1_InstanceReference, InstanceReference__Output as _marketplace_publishing_v1_InstanceReference__Output } from '../../../marketplace/publishing/v1/InstanceReference';
import type { Item as _marketplace_publishing_v1_Item, Item__Output as _marketplace_publishing_v1_Item__Output } from '../../../marketplace/publishing/v1/Item';
import type { ListImagesRequest as _marketplace_publishing_v1_ListImagesRequest, ListImagesRequest__Output as _marketplace_publishing_v1_ListImagesRequest__Output } from '../../../marketplace/publishing/v1/ListImagesRequest';
import type { ListItemsRequest as _marketplace_publishing_v1_ListItemsRequest, ListItemsRequest__Output as _marketplace_publishing_v1_ListItemsRequest__Output } from '../../../marketplace/publishing/v1/ListItemsRequest';
import type { ListItemsResponse as _marketplace_publishing_v1_ListItemsResponse, ListItemsResponse__Output as _marketplace_publishing_v1_ListItemsResponse__Output } from '../../../marketplace/publishing/v1/ListItemsResponse';
import type { ListMetadataRequest as _marketplace_publishing_v1_ListMetadataRequest, ListMetadataRequest__Output as _marketplace_publishing_v1_ListMetadataRequest__Output } from '../../../marketplace/publishing/v1/ListMetadataRequest';
import type { ListPricesRequest as _marketplace_publishing_v1_ListPricesRequest, ListPricesRequest__Output as _marketplace_publishing_v1_ListPricesRequest__Output } from '../../../marketplace/publishing/v1/ListPricesRequest';
import type { MetadataPage as _marketplace_publishing_v1_MetadataPage, MetadataPage__Output as _marketplace_publishing_v1_MetadataPage__Output } from '../../../marketplace/publishing/v1/MetadataPage';
import type { OrderImagesRequest as _marketplace_publishing_v1_OrderImagesRequest, OrderImagesRequest__Output as _marketplace_publishing_v1_OrderImagesRequest__Output } from '../../../marketplace/publishing/v1/OrderImagesRequest';
import type { PricePage as _marketplace_publishing_v1_PricePage, PricePage__Output as _marketplace_publishing_v1_PricePage__Output } from '../../../marketplace/publishing/v1/PricePage';
import type { PriceRecord as _marketplace_publishing_v1_PriceRecord, PriceRecord__Output as _marketplace_publishing_v1_PriceRecord__Output } from '../../../marketplace/publishing/v1/PriceRecord';
import type { PublishItemRequest as _marketplace_publishing_v1_PublishItemRequest, PublishItemRequest__Output as _marketplace_publishing_v1_PublishItemRequest__Output } from '../../../marketplace/publishing/v1/PublishItemRequest';
import type { RemoveImageRequest as _marketplace_publishing_v1_RemoveImageRequest, RemoveImageRequest__Output as _marketplace_publishing_v1_RemoveImageRequest__Output } from '../../../marketplace/publishing/v1/RemoveImageRequest';
import type { RemoveImageResponse as _marketplace_publishing_v1_RemoveImageResponse, RemoveImageResponse__Output as _marketplace_publishing_v1_RemoveImageResponse__Output } from '../../../marketplace/publishing/v1/RemoveImageResponse';
import type { RetireItemRequest as _marketplace_publishing_v1_RetireItemRequest, RetireItemRequest__Output as _marketplace_publishing_v1_RetireItemRequest__Output } from '../../../marketplace/publishing/v1/RetireItemRequest';
import type { SetIconRequest as _marketplace_publishing_v1_SetIconRequest, SetIconRequest__Output as _marketplace_publishing_v1_SetIconRequest__Output } from '../../../marketplace/publishing/v1/SetIconRequest';
import type { SetPriceRequest as _marketplace_publishing_v1_SetPriceRequest, SetPriceRequest__Output as _marketplace_publishing_v1_SetPriceRequest__Output } from '../../../marketplace/publishing/v1/SetPriceRequest';
import type { UnpublishItemRequest as _marketplace_publishing_v1_UnpublishItemRequest, UnpublishItemRequest__Output as _marketplace_publishing_v1_UnpublishItemRequest__Output } from '../../../marketplace/publishing/v1/UnpublishItemRequest';

export interface PublishingServiceClient extends grpc.Client {
  AddImage(argument: _marketplace_publishing_v1_AddImageRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_publishing_v1_ImageList__Output>): grpc.ClientUnaryCall;
  AddImage(argument: _marketplace_publishing_v1_AddImageRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_marketplace_publishing_v1_ImageList__Output>): grpc.ClientUnaryCall;
  AddImage(argument: _marketplace_publishing_v1_AddImageRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_publishing_v1_ImageList__Output>): grpc.ClientUnaryCall;
  AddImage(argument: _marketplace_publishing_v1_AddImageRequest, callback: grpc.requestCallback<_marketplace_publishing_v1_ImageList__Output>): grpc.ClientUnaryCall;
  addImage(argument: _marketplace_publishing_v1_AddImageRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_publishing_v1_ImageList__Output>): grpc.ClientUnaryCall;
  addImage(argument: _marketplace_publishing_v1_AddImageRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_marketplace_publishing_v1_ImageList__Output>): grpc.ClientUnaryCall;
  addImage(argument: _marketplace_publishing_v1_AddImageRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_publishing_v1_ImageList__Output>): grpc.ClientUnaryCall;
  addImage(argument: _marketplace_publishing_v1_AddImageRequest, callback: grpc.requestCallback<_marketplace_publishing_v1_ImageList__Output>): grpc.ClientUnaryCall;
  
  AppendMetadata(argument: _marketplace_publishing_v1_AppendMetadataRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_publishing_v1_Item__Output>): grpc.ClientUnaryCall;
  AppendMetadata(argument: _marketplace_publishing_v1_AppendMetadataRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_marketplace_publishing_v1_Item__Output>): grpc.ClientUnaryCall;
  AppendMetadata(argument: _marketplace_publishing_v1_AppendMetadataRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_publishing_v1_Item__Output>): grpc.ClientUnaryCall;
  AppendMetadata(argument: _marketplace_publishing_v1_AppendMetadataRequest, callback: grpc.requestCallback<_marketplace_publishing_v1_Item__Output>): grpc.ClientUnaryCall;
  appendMetadata(argument: _marketplace_publishing_v1_AppendMetadataRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_publishing_v1_Item__Output>): grpc.ClientUnaryCall;
  appendMetadata(argument: _marketplace_publishing_v1_AppendMetadataRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_marketplace_publishing_v1_Item__Output>): grpc.ClientUnaryCall;
  appendMetadata(argument: _marketplace_publishing_v1_AppendMetadataRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_publishing_v1_Item__Output>): grpc.ClientUnaryCall;
  appendMetadata(argument: _marketplace_publishing_v1_AppendMetadataRequest, callback: grpc.requestCallback<_marketplace_publishing_v1_Item__Output>): grpc.ClientUnaryCall;
  
  /**
   * Conflict already-linked when the application already has an item in the instance.
   */
  CreateItem(argument: _marketplace_publishing_v1_CreateItemRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_publishing_v1_Item__Output>): grpc.ClientUnaryCall;
  CreateItem(argument: _marketplace_publishing_v1_CreateItemRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_marketplace_publishing_v1_Item__Output>): grpc.ClientUnaryCall;
  CreateItem(argument: _marketplace_publishing_v1_CreateItemRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_publishing_v1_Item__Output>): grpc.ClientUnaryCall;
  CreateItem(argument: _marketplace_publishing_v1_CreateItemRequest, callback: grpc.requestCallback<_marketplace_publishing_v1_Item__Output>): grpc.ClientUnaryCall;
  /**
   * Conflict already-linked when the application already has an item in the instance.
   */
  createItem(argument: _marketplace_publishing_v1_CreateItemRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_publishing_v1_Item__Output>): grpc.ClientUnaryCall;
  createItem(argument: _marketplace_publishing_v1_CreateItemRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_marketplace_publishing_v1_Item__Output>): grpc.ClientUnaryCall;
  createItem(argument: _marketplace_publishing_v1_CreateItemRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_publishing_v1_Item__Output>): grpc.ClientUnaryCall;
  createItem(argument: _marketplace_publishing_v1_CreateItemRequest, callback: grpc.requestCallback<_marketplace_publishing_v1_Item__Output>): grpc.ClientUnaryCall;
  
  /**
   * NOT_FOUND until the instance's creation event has been consumed.
   */
  GetInstanceReference(argument: _marketplace_publishing_v1_GetInstanceReferenceRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_publishing_v1_InstanceReference__Output>): grpc.ClientUnaryCall;
  GetInstanceReference(argument: _marketplace_publishing_v1_GetInstanceReferenceRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_marketplace_publishing_v1_InstanceReference__Output>): grpc.ClientUnaryCall;
  GetInstanceReference(argument: _marketplace_publishing_v1_GetInstanceReferenceRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_publishing_v1_InstanceReference__Output>): grpc.ClientUnaryCall;
  GetInstanceReference(argument: _marketplace_publishing_v1_GetInstanceReferenceRequest, callback: grpc.requestCallback<_marketplace_publishing_v1_InstanceReference__Output>): grpc.ClientUnaryCall;
  /**
   * NOT_FOUND until the instance's creation event has been consumed.
   */
  getInstanceReference(argument: _marketplace_publishing_v1_GetInstanceReferenceRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_publishing_v1_InstanceReference__Output>): grpc.ClientUnaryCall;
  getInstanceReference(argument: _marketplace_publishing_v1_GetInstanceReferenceRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_marketplace_publishing_v1_InstanceReference__Output>): grpc.ClientUnaryCall;
  getInstanceReference(argument: _marketplace_publishing_v1_GetInstanceReferenceRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_publishing_v1_InstanceReference__Output>): grpc.ClientUnaryCall;
  getInstanceReference(argument: _marketplace_publishing_v1_GetInstanceReferenceRequest, callback: grpc.requestCallback<_marketplace_publishing_v1_InstanceReference__Output>): grpc.ClientUnaryCall;
  
  GetItem(argument: _marketplace_publishing_v1_GetItemRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_publishing_v1_Item__Output>): grpc.ClientUnaryCall;
  GetItem(argument: _marketplace_publishing_v1_GetItemRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_marketplace_publishing_v1_Item__Output>): grpc.ClientUnaryCall;
  GetItem(argument: _marketplace_publishing_v1_GetItemRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_publishing_v1_Item__Output>): grpc.ClientUnaryCall;
  GetItem(argument: _marketplace_publishing_v1_GetItemRequest, callback: grpc.requestCallback<_marketplace_publishing_v1_Item__Output>): grpc.ClientUnaryCall;
  getItem(argument: _marketplace_publishing_v1_GetItemRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_publishing_v1_Item__Output>): grpc.ClientUnaryCall;
  getItem(argument: _marketplace_publishing_v1_GetItemRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_marketplace_publishing_v1_Item__Output>): grpc.ClientUnaryCall;
  getItem(argument: _marketplace_publishing_v1_GetItemRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_publishing_v1_Item__Output>): grpc.ClientUnaryCall;
  getItem(argument: _marketplace_publishing_v1_GetItemRequest, callback: grpc.requestCallback<_marketplace_publishing_v1_Item__Output>): grpc.ClientUnaryCall;
  
  ListImages(argument: _marketplace_publishing_v1_ListImagesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_publishing_v1_ImageList__Output>): grpc.ClientUnaryCall;
  ListImages(argument: _marketplace_publishing_v1_ListImagesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_marketplace_publishing_v1_ImageList__Output>): grpc.ClientUnaryCall;
  ListImages(argument: _marketplace_publishing_v1_ListImagesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_publishing_v1_ImageList__Output>): grpc.ClientUnaryCall;
  ListImages(argument: _marketplace_publishing_v1_ListImagesRequest, callback: grpc.requestCallback<_marketplace_publishing_v1_ImageList__Output>): grpc.ClientUnaryCall;
  listImages(argument: _marketplace_publishing_v1_ListImagesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_publishing_v1_ImageList__Output>): grpc.ClientUnaryCall;
  listImages(argument: _marketplace_publishing_v1_ListImagesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_marketplace_publishing_v1_ImageList__Output>): grpc.ClientUnaryCall;
  listImages(argument: _marketplace_publishing_v1_ListImagesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_publishing_v1_ImageList__Output>): grpc.ClientUnaryCall;
  listImages(argument: _marketplace_publishing_v1_ListImagesRequest, callback: grpc.requestCallback<_marketplace_publishing_v1_ImageList__Output>): grpc.ClientUnaryCall;
  
  ListItems(argument: _marketplace_publishing_v1_ListItemsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_publishing_v1_ListItemsResponse__Output>): grpc.ClientUnaryCall;
  ListItems(argument: _marketplace_publishing_v1_ListItemsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_marketplace_publishing_v1_ListItemsResponse__Output>): grpc.ClientUnaryCall;
  ListItems(argument: _marketplace_publishing_v1_ListItemsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_publishing_v1_ListItemsResponse__Output>): grpc.ClientUnaryCall;
  ListItems(argument: _marketplace_publishing_v1_ListItemsRequest, callback: grpc.requestCallback<_marketplace_publishing_v1_ListItemsResponse__Output>): grpc.ClientUnaryCall;
  listItems(argument: _marketplace_publishing_v1_ListItemsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_publishing_v1_ListItemsResponse__Output>): grpc.ClientUnaryCall;
  listItems(argument: _marketplace_publishing_v1_ListItemsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_marketplace_publishing_v1_ListItemsResponse__Output>): grpc.ClientUnaryCall;
  listItems(argument: _marketplace_publishing_v1_ListItemsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_publishing_v1_ListItemsResponse__Output>): grpc.ClientUnaryCall;
  listItems(argument: _marketplace_publishing_v1_ListItemsRequest, callback: grpc.requestCallback<_marketplace_publishing_v1_ListItemsResponse__Output>): grpc.ClientUnaryCall;
  
  ListMetadata(argument: _marketplace_publishing_v1_ListMetadataRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_publishing_v1_MetadataPage__Output>): grpc.ClientUnaryCall;
  ListMetadata(argument: _marketplace_publishing_v1_ListMetadataRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_marketplace_publishing_v1_MetadataPage__Output>): grpc.ClientUnaryCall;
  ListMetadata(argument: _marketplace_publishing_v1_ListMetadataRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_publishing_v1_MetadataPage__Output>): grpc.ClientUnaryCall;
  ListMetadata(argument: _marketplace_publishing_v1_ListMetadataRequest, callback: grpc.requestCallback<_marketplace_publishing_v1_MetadataPage__Output>): grpc.ClientUnaryCall;
  listMetadata(argument: _marketplace_publishing_v1_ListMetadataRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_publishing_v1_MetadataPage__Output>): grpc.ClientUnaryCall;
  listMetadata(argument: _marketplace_publishing_v1_ListMetadataRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_marketplace_publishing_v1_MetadataPage__Output>): grpc.ClientUnaryCall;
  listMetadata(argument: _marketplace_publishing_v1_ListMetadataRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_publishing_v1_MetadataPage__Output>): grpc.ClientUnaryCall;
  listMetadata(argument: _marketplace_publishing_v1_ListMetadataRequest, callback: grpc.requestCallback<_marketplace_publishing_v1_MetadataPage__Output>): grpc.ClientUnaryCall;
  
  ListPrices(argument: _marketplace_publishing_v1_ListPricesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_publishing_v1_PricePage__Output>): grpc.ClientUnaryCall;
  ListPrices(argument: _marketplace_publishing_v1_ListPricesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_marketplace_publishing_v1_PricePage__Output>): grpc.ClientUnaryCall;
  ListPrices(argument: _marketplace_publishing_v1_ListPricesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_publishing_v1_PricePage__Output>): grpc.ClientUnaryCall;
  ListPrices(argument: _marketplace_publishing_v1_ListPricesRequest, callback: grpc.requestCallback<_marketplace_publishing_v1_PricePage__Output>): grpc.ClientUnaryCall;
  listPrices(argument: _marketplace_publishing_v1_ListPricesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_publishing_v1_PricePage__Output>): grpc.ClientUnaryCall;
  listPrices(argument: _marketplace_publishing_v1_ListPricesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_marketplace_publishing_v1_PricePage__Output>): grpc.ClientUnaryCall;
  listPrices(argument: _marketplace_publishing_v1_ListPricesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_publishing_v1_PricePage__Output>): grpc.ClientUnaryCall;
  listPrices(argument: _marketplace_publishing_v1_ListPricesRequest, callback: grpc.requestCallback<_marketplace_publishing_v1_PricePage__Output>): grpc.ClientUnaryCall;
  
  OrderImages(argument: _marketplace_publishing_v1_OrderImagesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_publishing_v1_ImageList__Output>): grpc.ClientUnaryCall;
  OrderImages(argument: _marketplace_publishing_v1_OrderImagesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_marketplace_publishing_v1_ImageList__Output>): grpc.ClientUnaryCall;
  OrderImages(argument: _marketplace_publishing_v1_OrderImagesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_publishing_v1_ImageList__Output>): grpc.ClientUnaryCall;
  OrderImages(argument: _marketplace_publishing_v1_OrderImagesRequest, callback: grpc.requestCallback<_marketplace_publishing_v1_ImageList__Output>): grpc.ClientUnaryCall;
  orderImages(argument: _marketplace_publishing_v1_OrderImagesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_publishing_v1_ImageList__Output>): grpc.ClientUnaryCall;
  orderImages(argument: _marketplace_publishing_v1_OrderImagesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_marketplace_publishing_v1_ImageList__Output>): grpc.ClientUnaryCall;
  orderImages(argument: _marketplace_publishing_v1_OrderImagesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_publishing_v1_ImageList__Output>): grpc.ClientUnaryCall;
  orderImages(argument: _marketplace_publishing_v1_OrderImagesRequest, callback: grpc.requestCallback<_marketplace_publishing_v1_ImageList__Output>): grpc.ClientUnaryCall;
  
  /**
   * Idempotent: publishing a published item returns it unchanged; item-not-ready with unmet otherwise.
   */
  PublishItem(argument: _marketplace_publishing_v1_PublishItemRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_publishing_v1_Item__Output>): grpc.ClientUnaryCall;
  PublishItem(argument: _marketplace_publishing_v1_PublishItemRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_marketplace_publishing_v1_Item__Output>): grpc.ClientUnaryCall;
  PublishItem(argument: _marketplace_publishing_v1_PublishItemRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_publishing_v1_Item__Output>): grpc.ClientUnaryCall;
  PublishItem(argument: _marketplace_publishing_v1_PublishItemRequest, callback: grpc.requestCallback<_marketplace_publishing_v1_Item__Output>): grpc.ClientUnaryCall;
  /**
   * Idempotent: publishing a published item returns it unchanged; item-not-ready with unmet otherwise.
   */
  publishItem(argument: _marketplace_publishing_v1_PublishItemRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_publishing_v1_Item__Output>): grpc.ClientUnaryCall;
  publishItem(argument: _marketplace_publishing_v1_PublishItemRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_marketplace_publishing_v1_Item__Output>): grpc.ClientUnaryCall;
  publishItem(argument: _marketplace_publishing_v1_PublishItemRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_publishing_v1_Item__Output>): grpc.ClientUnaryCall;
  publishItem(argument: _marketplace_publishing_v1_PublishItemRequest, callback: grpc.requestCallback<_marketplace_publishing_v1_Item__Output>): grpc.ClientUnaryCall;
  
  RemoveImage(argument: _marketplace_publishing_v1_RemoveImageRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_publishing_v1_RemoveImageResponse__Output>): grpc.ClientUnaryCall;
  RemoveImage(argument: _marketplace_publishing_v1_RemoveImageRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_marketplace_publishing_v1_RemoveImageResponse__Output>): grpc.ClientUnaryCall;
  RemoveImage(argument: _marketplace_publishing_v1_RemoveImageRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_publishing_v1_RemoveImageResponse__Output>): grpc.ClientUnaryCall;
  RemoveImage(argument: _marketplace_publishing_v1_RemoveImageRequest, callback: grpc.requestCallback<_marketplace_publishing_v1_RemoveImageResponse__Output>): grpc.ClientUnaryCall;
  removeImage(argument: _marketplace_publishing_v1_RemoveImageRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_publishing_v1_RemoveImageResponse__Output>): grpc.ClientUnaryCall;
  removeImage(argument: _marketplace_publishing_v1_RemoveImageRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_marketplace_publishing_v1_RemoveImageResponse__Output>): grpc.ClientUnaryCall;
  removeImage(argument: _marketplace_publishing_v1_RemoveImageRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_publishing_v1_RemoveImageResponse__Output>): grpc.ClientUnaryCall;
  removeImage(argument: _marketplace_publishing_v1_RemoveImageRequest, callback: grpc.requestCallback<_marketplace_publishing_v1_RemoveImageResponse__Output>): grpc.ClientUnaryCall;
  
  RetireItem(argument: _marketplace_publishing_v1_RetireItemRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_publishing_v1_Item__Output>): grpc.ClientUnaryCall;
  RetireItem(argument: _marketplace_publishing_v1_RetireItemRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_marketplace_publishing_v1_Item__Output>): grpc.ClientUnaryCall;
  RetireItem(argument: _marketplace_publishing_v1_RetireItemRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_publishing_v1_Item__Output>): grpc.ClientUnaryCall;
  RetireItem(argument: _marketplace_publishing_v1_RetireItemRequest, callback: grpc.requestCallback<_marketplace_publishing_v1_Item__Output>): grpc.ClientUnaryCall;
  retireItem(argument: _marketplace_publishing_v1_RetireItemRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_publishing_v1_Item__Output>): grpc.ClientUnaryCall;
  retireItem(argument: _marketplace_publishing_v1_RetireItemRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_marketplace_publishing_v1_Item__Output>): grpc.ClientUnaryCall;
  retireItem(argument: _marketplace_publishing_v1_RetireItemRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_publishing_v1_Item__Output>): grpc.ClientUnaryCall;
  retireItem(argument: _marketplace_publishing_v1_RetireItemRequest, callback: grpc.requestCallback<_marketplace_publishing_v1_Item__Output>): grpc.ClientUnaryCall;
  
  SetIcon(argument: _marketplace_publishing_v1_SetIconRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_publishing_v1_Item__Output>): grpc.ClientUnaryCall;
  SetIcon(argument: _marketplace_publishing_v1_SetIconRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_marketplace_publishing_v1_Item__Output>): grpc.ClientUnaryCall;
  SetIcon(argument: _marketplace_publishing_v1_SetIconRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_publishing_v1_Item__Output>): grpc.ClientUnaryCall;
  SetIcon(argument: _marketplace_publishing_v1_SetIconRequest, callback: grpc.requestCallback<_marketplace_publishing_v1_Item__Output>): grpc.ClientUnaryCall;
  setIcon(argument: _marketplace_publishing_v1_SetIconRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_publishing_v1_Item__Output>): grpc.ClientUnaryCall;
  setIcon(argument: _marketplace_publishing_v1_SetIconRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_marketplace_publishing_v1_Item__Output>): grpc.ClientUnaryCall;
  setIcon(argument: _marketplace_publishing_v1_SetIconRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_publishing_v1_Item__Output>): grpc.ClientUnaryCall;
  setIcon(argument: _marketplace_publishing_v1_SetIconRequest, callback: grpc.requestCallback<_marketplace_publishing_v1_Item__Output>): grpc.ClientUnaryCall;
  
  SetPrice(argument: _marketplace_publishing_v1_SetPriceRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_publishing_v1_PriceRecord__Output>): grpc.ClientUnaryCall;
  SetPrice(argument: _marketplace_publishing_v1_SetPriceRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_marketplace_publishing_v1_PriceRecord__Output>): grpc.ClientUnaryCall;
  SetPrice(argument: _marketplace_publishing_v1_SetPriceRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_publishing_v1_PriceRecord__Output>): grpc.ClientUnaryCall;
  SetPrice(argument: _marketplace_publishing_v1_SetPriceRequest, callback: grpc.requestCallback<_marketplace_publishing_v1_PriceRecord__Output>): grpc.ClientUnaryCall;
  setPrice(argument: _marketplace_publishing_v1_SetPriceRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_publishing_v1_PriceRecord__Output>): grpc.ClientUnaryCall;
  setPrice(argument: _marketplace_publishing_v1_SetPriceRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_marketplace_publishing_v1_PriceRecord__Output>): grpc.ClientUnaryCall;
  setPrice(argument: _marketplace_publishing_v1_SetPriceRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_publishing_v1_PriceRecord__Output>): grpc.ClientUnaryCall;
  setPrice(argument: _marketplace_publishing_v1_SetPriceRequest, callback: grpc.requestCallback<_marketplace_publishing_v1_PriceRecord__Output>): grpc.ClientUnaryCall;
  
  UnpublishItem(argument: _marketplace_publishing_v1_UnpublishItemRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_publishing_v1_Item__Output>): grpc.ClientUnaryCall;
  UnpublishItem(argument: _marketplace_publishing_v1_UnpublishItemRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_marketplace_publishing_v1_Item__Output>): grpc.ClientUnaryCall;
  UnpublishItem(argument: _marketplace_publishing_v1_UnpublishItemRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_publishing_v1_Item__Output>): grpc.ClientUnaryCall;
  UnpublishItem(argument: _marketplace_publishing_v1_UnpublishItemRequest, callback: grpc.requestCallback<_marketplace_publishing_v1_Item__Output>): grpc.ClientUnaryCall;
  unpublishItem(argument: _marketplace_publishing_v1_UnpublishItemRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_publishing_v1_Item__Output>): grpc.ClientUnaryCall;
  unpublishItem(argument: _marketplace_publishing_v1_UnpublishItemRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_marketplace_publishing_v1_Item__Output>): grpc.ClientUnaryCall;
  unpublishItem(argument: _marketplace_publishing_v1_UnpublishItemRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_publishing_v1_Item__Output>): grpc.ClientUnaryCall;
  unpublishItem(argument: _marketplace_publishing_v1_UnpublishItemRequest, callback: grpc.requestCallback<_marketplace_publishing_v1_Item__Output>): grpc.ClientUnaryCall;
  
}

export interface PublishingServiceHandlers extends grpc.UntypedServiceImplementation {
  AddImage: grpc.handleUnaryCall<_marketplace_publishing_v1_AddImageRequest__Output, _marketplace_publishing_v1_ImageList>;
  
  AppendMetadata: grpc.handleUnaryCall<_marketplace_publishing_v1_AppendMetadataRequest__Output, _marketplace_publishing_v1_Item>;
  
  /**
   * Conflict already-linked when the application already has an item in the instance.
   */
  CreateItem: grpc.handleUnaryCall<_marketplace_publishing_v1_CreateItemRequest__Output, _marketplace_publishing_v1_Item>;
  
  /**
   * NOT_FOUND until the instance's creation event has been consumed.
   */
  GetInstanceReference: grpc.handleUnaryCall<_marketplace_publishing_v1_GetInstanceReferenceRequest__Output, _marketplace_publishing_v1_InstanceReference>;
  
  GetItem: grpc.handleUnaryCall<_marketplace_publishing_v1_GetItemRequest__Output, _marketplace_publishing_v1_Item>;
  
  ListImages: grpc.handleUnaryCall<_marketplace_publishing_v1_ListImagesRequest__Output, _marketplace_publishing_v1_ImageList>;
  
  ListItems: grpc.handleUnaryCall<_marketplace_publishing_v1_ListItemsRequest__Output, _marketplace_publishing_v1_ListItemsResponse>;
  
  ListMetadata: grpc.handleUnaryCall<_marketplace_publishing_v1_ListMetadataRequest__Output, _marketplace_publishing_v1_MetadataPage>;
  
  ListPrices: grpc.handleUnaryCall<_marketplace_publishing_v1_ListPricesRequest__Output, _marketplace_publishing_v1_PricePage>;
  
  OrderImages: grpc.handleUnaryCall<_marketplace_publishing_v1_OrderImagesRequest__Output, _marketplace_publishing_v1_ImageList>;
  
  /**
   * Idempotent: publishing a published item returns it unchanged; item-not-ready with unmet otherwise.
   */
  PublishItem: grpc.handleUnaryCall<_marketplace_publishing_v1_PublishItemRequest__Output, _marketplace_publishing_v1_Item>;
  
  RemoveImage: grpc.handleUnaryCall<_marketplace_publishing_v1_RemoveImageRequest__Output, _marketplace_publishing_v1_RemoveImageResponse>;
  
  RetireItem: grpc.handleUnaryCall<_marketplace_publishing_v1_RetireItemRequest__Output, _marketplace_publishing_v1_Item>;
  
  SetIcon: grpc.handleUnaryCall<_marketplace_publishing_v1_SetIconRequest__Output, _marketplace_publishing_v1_Item>;
  
  SetPrice: grpc.handleUnaryCall<_marketplace_publishing_v1_SetPriceRequest__Output, _marketplace_publishing_v1_PriceRecord>;
  
  UnpublishItem: grpc.handleUnaryCall<_marketplace_publishing_v1_UnpublishItemRequest__Output, _marketplace_publishing_v1_Item>;
  
}

export interface PublishingServiceDefinition extends grpc.ServiceDefinition {
  AddImage: MethodDefinition<_marketplace_publishing_v1_AddImageRequest, _marketplace_publishing_v1_ImageList, _marketplace_publishing_v1_AddImageRequest__Output, _marketplace_publishing_v1_ImageList__Output>
  AppendMetadata: MethodDefinition<_marketplace_publishing_v1_AppendMetadataRequest, _marketplace_publishing_v1_Item, _marketplace_publishing_v1_AppendMetadataRequest__Output, _marketplace_publishing_v1_Item__Output>
  CreateItem: MethodDefinition<_marketplace_publishing_v1_CreateItemRequest, _marketplace_publishing_v1_Item, _marketplace_publishing_v1_CreateItemRequest__Output, _marketplace_publishing_v1_Item__Output>
  GetInstanceReference: MethodDefinition<_marketplace_publishing_v1_GetInstanceReferenceRequest, _marketplace_publishing_v1_InstanceReference, _marketplace_publishing_v1_GetInstanceReferenceRequest__Output, _marketplace_publishing_v1_InstanceReference__Output>
  GetItem: MethodDefinition<_marketplace_publishing_v1_GetItemRequest, _marketplace_publishing_v1_Item, _marketplace_publishing_v1_GetItemRequest__Output, _marketplace_publishing_v1_Item__Output>
  ListImages: MethodDefinition<_marketplace_publishing_v1_ListImagesRequest, _marketplace_publishing_v1_ImageList, _marketplace_publishing_v1_ListImagesRequest__Output, _marketplace_publishing_v1_ImageList__Output>
  ListItems: MethodDefinition<_marketplace_publishing_v1_ListItemsRequest, _marketplace_publishing_v1_ListItemsResponse, _marketplace_publishing_v1_ListItemsRequest__Output, _marketplace_publishing_v1_ListItemsResponse__Output>
  ListMetadata: MethodDefinition<_marketplace_publishing_v1_ListMetadataRequest, _marketplace_publishing_v1_MetadataPage, _marketplace_publishing_v1_ListMetadataRequest__Output, _marketplace_publishing_v1_MetadataPage__Output>
  ListPrices: MethodDefinition<_marketplace_publishing_v1_ListPricesRequest, _marketplace_publishing_v1_PricePage, _marketplace_publishing_v1_ListPricesRequest__Output, _marketplace_publishing_v1_PricePage__Output>
  OrderImages: MethodDefinition<_marketplace_publishing_v1_OrderImagesRequest, _marketplace_publishing_v1_ImageList, _marketplace_publishing_v1_OrderImagesRequest__Output, _marketplace_publishing_v1_ImageList__Output>
  PublishItem: MethodDefinition<_marketplace_publishing_v1_PublishItemRequest, _marketplace_publishing_v1_Item, _marketplace_publishing_v1_PublishItemRequest__Output, _marketplace_publishing_v1_Item__Output>
  RemoveImage: MethodDefinition<_marketplace_publishing_v1_RemoveImageRequest, _marketplace_publishing_v1_RemoveImageResponse, _marketplace_publishing_v1_RemoveImageRequest__Output, _marketplace_publishing_v1_RemoveImageResponse__Output>
  RetireItem: MethodDefinition<_marketplace_publishing_v1_RetireItemRequest, _marketplace_publishing_v1_Item, _marketplace_publishing_v1_RetireItemRequest__Output, _marketplace_publishing_v1_Item__Output>
  SetIcon: MethodDefinition<_marketplace_publishing_v1_SetIconRequest, _marketplace_publishing_v1_Item, _marketplace_publishing_v1_SetIconRequest__Output, _marketplace_publishing_v1_Item__Output>
  SetPrice: MethodDefinition<_marketplace_publishing_v1_SetPriceRequest, _marketplace_publishing_v1_PriceRecord, _marketplace_publishing_v1_SetPriceRequest__Output, _marketplace_publishing_v1_PriceRecord__Output>
  UnpublishItem: MethodDefinition<_marketplace_publishing_v1_UnpublishItemRequest, _marketplace_publishing_v1_Item, _marketplace_publishing_v1_UnpublishItemRequest__Output, _marketplace_publishing_v1_Item__Output>
}

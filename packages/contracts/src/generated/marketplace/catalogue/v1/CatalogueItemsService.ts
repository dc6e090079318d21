// Original file: proto/marketplace/catalogue/v1/catalogue_items.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { GetListedItemRequest as _marketplace_catalogue_v1_GetListedItemRequest, GetListedItemRequest__Output as _marketplace_catalogue_v1_GetListedItemRequest__Output } from '../../../marketplace/catalogue/v1/GetListedItemRequest';
import type { GetOfferedItemRequest as _marketplace_catalogue_v1_GetOfferedItemRequest, GetOfferedItemRequest__Output as _marketplace_catalogue_v1_GetOfferedItemRequest__Output } from '../../../marketplace/catalogue/v1/GetOfferedItemRequest';
import type { ListListedItemsRequest as _marketplace_catalogue_v1_ListListedItemsRequest, ListListedItemsRequest__Output as _marketplace_catalogue_v1_ListListedItemsRequest__Output } from '../../../marketplace/catalogue/v1/ListListedItemsRequest';
import type { ListListedItemsResponse as _marketplace_catalogue_v1_ListListedItemsResponse, ListListedItemsResponse__Output as _marketplace_catalogue_v1_ListListedItemsResponse__Output } from '../../../marketplace/catalogue/v1/ListListedItemsResponse';
import type { ListOfferedItemsRequest as _marketplace_catalogue_v1_ListOfferedItemsRequest, ListOfferedItemsRequest__Output as _marketplace_catalogue_v1_ListOfferedItemsRequest__Output } from '../../../marketplace/catalogue/v1/ListOfferedItemsRequest';
import type { ListOfferedItemsResponse as _marketplace_catalogue_v1_ListOfferedItemsResponse, ListOfferedItemsResponse__Output as _marketplace_catalogue_v1_ListOfferedItemsResponse__Output } from '../../../marketplace/catalogue/v1/ListOfferedItemsResponse';
import type { ListedItem as _marketplace_catalogue_v1_ListedItem, ListedItem__Output as _marketplace_catalogue_v1_ListedItem__Output } from '../../../marketplace/catalogue/v1/ListedItem';
import type { OfferedItem as _marketplace_catalogue_v1_OfferedItem, OfferedItem__Output as _marketplace_catalogue_v1_OfferedItem__Output } from '../../../marketplace/catalogue/v1/OfferedItem';

export interface CatalogueItemsServiceClient extends grpc.Client {
  /**
   * NOT_FOUND when the item is not listed in the instance.
   */
  GetListedItem(argument: _marketplace_catalogue_v1_GetListedItemRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_catalogue_v1_ListedItem__Output>): grpc.ClientUnaryCall;
  GetListedItem(argument: _marketplace_catalogue_v1_GetListedItemRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_marketplace_catalogue_v1_ListedItem__Output>): grpc.ClientUnaryCall;
  GetListedItem(argument: _marketplace_catalogue_v1_GetListedItemRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_catalogue_v1_ListedItem__Output>): grpc.ClientUnaryCall;
  GetListedItem(argument: _marketplace_catalogue_v1_GetListedItemRequest, callback: grpc.requestCallback<_marketplace_catalogue_v1_ListedItem__Output>): grpc.ClientUnaryCall;
  /**
   * NOT_FOUND when the item is not listed in the instance.
   */
  getListedItem(argument: _marketplace_catalogue_v1_GetListedItemRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_catalogue_v1_ListedItem__Output>): grpc.ClientUnaryCall;
  getListedItem(argument: _marketplace_catalogue_v1_GetListedItemRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_marketplace_catalogue_v1_ListedItem__Output>): grpc.ClientUnaryCall;
  getListedItem(argument: _marketplace_catalogue_v1_GetListedItemRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_catalogue_v1_ListedItem__Output>): grpc.ClientUnaryCall;
  getListedItem(argument: _marketplace_catalogue_v1_GetListedItemRequest, callback: grpc.requestCallback<_marketplace_catalogue_v1_ListedItem__Output>): grpc.ClientUnaryCall;
  
  /**
   * NOT_FOUND when the item has no active offering or is not published.
   */
  GetOfferedItem(argument: _marketplace_catalogue_v1_GetOfferedItemRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_catalogue_v1_OfferedItem__Output>): grpc.ClientUnaryCall;
  GetOfferedItem(argument: _marketplace_catalogue_v1_GetOfferedItemRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_marketplace_catalogue_v1_OfferedItem__Output>): grpc.ClientUnaryCall;
  GetOfferedItem(argument: _marketplace_catalogue_v1_GetOfferedItemRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_catalogue_v1_OfferedItem__Output>): grpc.ClientUnaryCall;
  GetOfferedItem(argument: _marketplace_catalogue_v1_GetOfferedItemRequest, callback: grpc.requestCallback<_marketplace_catalogue_v1_OfferedItem__Output>): grpc.ClientUnaryCall;
  /**
   * NOT_FOUND when the item has no active offering or is not published.
   */
  getOfferedItem(argument: _marketplace_catalogue_v1_GetOfferedItemRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_catalogue_v1_OfferedItem__Output>): grpc.ClientUnaryCall;
  getOfferedItem(argument: _marketplace_catalogue_v1_GetOfferedItemRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_marketplace_catalogue_v1_OfferedItem__Output>): grpc.ClientUnaryCall;
  getOfferedItem(argument: _marketplace_catalogue_v1_GetOfferedItemRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_catalogue_v1_OfferedItem__Output>): grpc.ClientUnaryCall;
  getOfferedItem(argument: _marketplace_catalogue_v1_GetOfferedItemRequest, callback: grpc.requestCallback<_marketplace_catalogue_v1_OfferedItem__Output>): grpc.ClientUnaryCall;
  
  /**
   * The public catalogue (any authenticated caller).
   */
  ListListedItems(argument: _marketplace_catalogue_v1_ListListedItemsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_catalogue_v1_ListListedItemsResponse__Output>): grpc.ClientUnaryCall;
  ListListedItems(argument: _marketplace_catalogue_v1_ListListedItemsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_marketplace_catalogue_v1_ListListedItemsResponse__Output>): grpc.ClientUnaryCall;
  ListListedItems(argument: _marketplace_catalogue_v1_ListListedItemsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_catalogue_v1_ListListedItemsResponse__Output>): grpc.ClientUnaryCall;
  ListListedItems(argument: _marketplace_catalogue_v1_ListListedItemsRequest, callback: grpc.requestCallback<_marketplace_catalogue_v1_ListListedItemsResponse__Output>): grpc.ClientUnaryCall;
  /**
   * The public catalogue (any authenticated caller).
   */
  listListedItems(argument: _marketplace_catalogue_v1_ListListedItemsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_catalogue_v1_ListListedItemsResponse__Output>): grpc.ClientUnaryCall;
  listListedItems(argument: _marketplace_catalogue_v1_ListListedItemsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_marketplace_catalogue_v1_ListListedItemsResponse__Output>): grpc.ClientUnaryCall;
  listListedItems(argument: _marketplace_catalogue_v1_ListListedItemsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_catalogue_v1_ListListedItemsResponse__Output>): grpc.ClientUnaryCall;
  listListedItems(argument: _marketplace_catalogue_v1_ListListedItemsRequest, callback: grpc.requestCallback<_marketplace_catalogue_v1_ListListedItemsResponse__Output>): grpc.ClientUnaryCall;
  
  /**
   * Items offered for listing (provider role).
   */
  ListOfferedItems(argument: _marketplace_catalogue_v1_ListOfferedItemsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_catalogue_v1_ListOfferedItemsResponse__Output>): grpc.ClientUnaryCall;
  ListOfferedItems(argument: _marketplace_catalogue_v1_ListOfferedItemsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_marketplace_catalogue_v1_ListOfferedItemsResponse__Output>): grpc.ClientUnaryCall;
  ListOfferedItems(argument: _marketplace_catalogue_v1_ListOfferedItemsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_catalogue_v1_ListOfferedItemsResponse__Output>): grpc.ClientUnaryCall;
  ListOfferedItems(argument: _marketplace_catalogue_v1_ListOfferedItemsRequest, callback: grpc.requestCallback<_marketplace_catalogue_v1_ListOfferedItemsResponse__Output>): grpc.ClientUnaryCall;
  /**
   * Items offered for listing (provider role).
   */
  listOfferedItems(argument: _marketplace_catalogue_v1_ListOfferedItemsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_catalogue_v1_ListOfferedItemsResponse__Output>): grpc.ClientUnaryCall;
  listOfferedItems(argument: _marketplace_catalogue_v1_ListOfferedItemsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_marketplace_catalogue_v1_ListOfferedItemsResponse__Output>): grpc.ClientUnaryCall;
  listOfferedItems(argument: _marketplace_catalogue_v1_ListOfferedItemsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_catalogue_v1_ListOfferedItemsResponse__Output>): grpc.ClientUnaryCall;
  listOfferedItems(argument: _marketplace_catalogue_v1_ListOfferedItemsRequest, callback: grpc.requestCallback<_marketplace_catalogue_v1_ListOfferedItemsResponse__Output>): grpc.ClientUnaryCall;
  
}

export interface CatalogueItemsServiceHandlers extends grpc.UntypedServiceImplementation {
  /**
   * NOT_FOUND when the item is not listed in the instance.
   */
  GetListedItem: grpc.handleUnaryCall<_marketplace_catalogue_v1_GetListedItemRequest__Output, _marketplace_catalogue_v1_ListedItem>;
  
  /**
   * NOT_FOUND when the item has no active offering or is not published.
   */
  GetOfferedItem: grpc.handleUnaryCall<_marketplace_catalogue_v1_GetOfferedItemRequest__Output, _marketplace_catalogue_v1_OfferedItem>;
  
  /**
   * The public catalogue (any authenticated caller).
   */
  ListListedItems: grpc.handleUnaryCall<_marketplace_catalogue_v1_ListListedItemsRequest__Output, _marketplace_catalogue_v1_ListListedItemsResponse>;
  
  /**
   * Items offered for listing (provider role).
   */
  ListOfferedItems: grpc.handleUnaryCall<_marketplace_catalogue_v1_ListOfferedItemsRequest__Output, _marketplace_catalogue_v1_ListOfferedItemsResponse>;
  
}

export interface CatalogueItemsServiceDefinition extends grpc.ServiceDefinition {
  GetListedItem: MethodDefinition<_marketplace_catalogue_v1_GetListedItemRequest, _marketplace_catalogue_v1_ListedItem, _marketplace_catalogue_v1_GetListedItemRequest__Output, _marketplace_catalogue_v1_ListedItem__Output>
  GetOfferedItem: MethodDefinition<_marketplace_catalogue_v1_GetOfferedItemRequest, _marketplace_catalogue_v1_OfferedItem, _marketplace_catalogue_v1_GetOfferedItemRequest__Output, _marketplace_catalogue_v1_OfferedItem__Output>
  ListListedItems: MethodDefinition<_marketplace_catalogue_v1_ListListedItemsRequest, _marketplace_catalogue_v1_ListListedItemsResponse, _marketplace_catalogue_v1_ListListedItemsRequest__Output, _marketplace_catalogue_v1_ListListedItemsResponse__Output>
  ListOfferedItems: MethodDefinition<_marketplace_catalogue_v1_ListOfferedItemsRequest, _marketplace_catalogue_v1_ListOfferedItemsResponse, _marketplace_catalogue_v1_ListOfferedItemsRequest__Output, _marketplace_catalogue_v1_ListOfferedItemsResponse__Output>
}

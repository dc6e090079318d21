// Original file: proto/marketplace/purchases/v1/purchases.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { DownloadAccess as _marketplace_purchases_v1_DownloadAccess, DownloadAccess__Output as _marketplace_purchases_v1_DownloadAccess__Output } from '../../../marketplace/purchases/v1/DownloadAccess';
import type { GetDownloadAccessRequest as _marketplace_purchases_v1_GetDownloadAccessRequest, GetDownloadAccessRequest__Output as _marketplace_purchases_v1_GetDownloadAccessRequest__Output } from '../../../marketplace/purchases/v1/GetDownloadAccessRequest';
import type { ListPurchaseActivityRequest as _marketplace_purchases_v1_ListPurchaseActivityRequest, ListPurchaseActivityRequest__Output as _marketplace_purchases_v1_ListPurchaseActivityRequest__Output } from '../../../marketplace/purchases/v1/ListPurchaseActivityRequest';
import type { ListPurchaseActivityResponse as _marketplace_purchases_v1_ListPurchaseActivityResponse, ListPurchaseActivityResponse__Output as _marketplace_purchases_v1_ListPurchaseActivityResponse__Output } from '../../../marketplace/purchases/v1/ListPurchaseActivityResponse';
import type { ListPurchasesRequest as _marketplace_purchases_v1_ListPurchasesRequest, ListPurchasesRequest__Output as _marketplace_purchases_v1_ListPurchasesRequest__Output } from '../../../marketplace/purchases/v1/ListPurchasesRequest';
import type { ListPurchasesResponse as _marketplace_purchases_v1_ListPurchasesResponse, ListPurchasesResponse__Output as _marketplace_purchases_v1_ListPurchasesResponse__Output } from '../../../marketplace/purchases/v1/ListPurchasesResponse';

/**
 * The provider's purchases and their activity, and download access to purchased releases; every call is
 * scoped to the caller's organisation.
 */
export interface PurchasesServiceClient extends grpc.Client {
  GetDownloadAccess(argument: _marketplace_purchases_v1_GetDownloadAccessRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_purchases_v1_DownloadAccess__Output>): grpc.ClientUnaryCall;
  GetDownloadAccess(argument: _marketplace_purchases_v1_GetDownloadAccessRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_marketplace_purchases_v1_DownloadAccess__Output>): grpc.ClientUnaryCall;
  GetDownloadAccess(argument: _marketplace_purchases_v1_GetDownloadAccessRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_purchases_v1_DownloadAccess__Output>): grpc.ClientUnaryCall;
  GetDownloadAccess(argument: _marketplace_purchases_v1_GetDownloadAccessRequest, callback: grpc.requestCallback<_marketplace_purchases_v1_DownloadAccess__Output>): grpc.ClientUnaryCall;
  getDownloadAccess(argument: _marketplace_purchases_v1_GetDownloadAccessRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_purchases_v1_DownloadAccess__Output>): grpc.ClientUnaryCall;
  getDownloadAccess(argument: _marketplace_purchases_v1_GetDownloadAccessRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_marketplace_purchases_v1_DownloadAccess__Output>): grpc.ClientUnaryCall;
  getDownloadAccess(argument: _marketplace_purchases_v1_GetDownloadAccessRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_purchases_v1_DownloadAccess__Output>): grpc.ClientUnaryCall;
  getDownloadAccess(argument: _marketplace_purchases_v1_GetDownloadAccessRequest, callback: grpc.requestCallback<_marketplace_purchases_v1_DownloadAccess__Output>): grpc.ClientUnaryCall;
  
  ListPurchaseActivity(argument: _marketplace_purchases_v1_ListPurchaseActivityRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_purchases_v1_ListPurchaseActivityResponse__Output>): grpc.ClientUnaryCall;
  ListPurchaseActivity(argument: _marketplace_purchases_v1_ListPurchaseActivityRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_marketplace_purchases_v1_ListPurchaseActivityResponse__Output>): grpc.ClientUnaryCall;
  ListPurchaseActivity(argument: _marketplace_purchases_v1_ListPurchaseActivityRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_purchases_v1_ListPurchaseActivityResponse__Output>): grpc.ClientUnaryCall;
  ListPurchaseActivity(argument: _marketplace_purchases_v1_ListPurchaseActivityRequest, callback: grpc.requestCallback<_marketplace_purchases_v1_ListPurchaseActivityResponse__Output>): grpc.ClientUnaryCall;
  listPurchaseActivity(argument: _marketplace_purchases_v1_ListPurchaseActivityRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_purchases_v1_ListPurchaseActivityResponse__Output>): grpc.ClientUnaryCall;
  listPurchaseActivity(argument: _marketplace_purchases_v1_ListPurchaseActivityRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_marketplace_purchases_v1_ListPurchaseActivityResponse__Output>): grpc.ClientUnaryCall;
  listPurchaseActivity(argument: _marketplace_purchases_v1_ListPurchaseActivityRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_purchases_v1_ListPurchaseActivityResponse__Output>): grpc.ClientUnaryCall;
  listPurchaseActivity(argument: _marketplace_purchases_v1_ListPurchaseActivityRequest, callback: grpc.requestCallback<_marketplace_purchases_v1_ListPurchaseActivityResponse__Output>): grpc.ClientUnaryCall;
  
  ListPurchases(argument: _marketplace_purchases_v1_ListPurchasesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_purchases_v1_ListPurchasesResponse__Output>): grpc.ClientUnaryCall;
  ListPurchases(argument: _marketplace_purchases_v1_ListPurchasesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_marketplace_purchases_v1_ListPurchasesResponse__Output>): grpc.ClientUnaryCall;
  ListPurchases(argument: _marketplace_purchases_v1_ListPurchasesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_purchases_v1_ListPurchasesResponse__Output>): grpc.ClientUnaryCall;
  ListPurchases(argument: _marketplace_purchases_v1_ListPurchasesRequest, callback: grpc.requestCallback<_marketplace_purchases_v1_ListPurchasesResponse__Output>): grpc.ClientUnaryCall;
  listPurchases(argument: _marketplace_purchases_v1_ListPurchasesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_purchases_v1_ListPurchasesResponse__Output>): grpc.ClientUnaryCall;
  listPurchases(argument: _marketplace_purchases_v1_ListPurchasesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_marketplace_purchases_v1_ListPurchasesResponse__Output>): grpc.ClientUnaryCall;
  listPurchases(argument: _marketplace_purchases_v1_ListPurchasesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_purchases_v1_ListPurchasesResponse__Output>): grpc.ClientUnaryCall;
  listPurchases(argument: _marketplace_purchases_v1_ListPurchasesRequest, callback: grpc.requestCallback<_marketplace_purchases_v1_ListPurchasesResponse__Output>): grpc.ClientUnaryCall;
  
}

/**
 * The provider's purchases and their activity, and download access to purchased releases; every call is
 * scoped to the caller's organisation.
 */
export interface PurchasesServiceHandlers extends grpc.UntypedServiceImplementation {
  GetDownloadAccess: grpc.handleUnaryCall<_marketplace_purchases_v1_GetDownloadAccessRequest__Output, _marketplace_purchases_v1_DownloadAccess>;
  
  ListPurchaseActivity: grpc.handleUnaryCall<_marketplace_purchases_v1_ListPurchaseActivityRequest__Output, _marketplace_purchases_v1_ListPurchaseActivityResponse>;
  
  ListPurchases: grpc.handleUnaryCall<_marketplace_purchases_v1_ListPurchasesRequest__Output, _marketplace_purchases_v1_ListPurchasesResponse>;
  
}

export interface PurchasesServiceDefinition extends grpc.ServiceDefinition {
  GetDownloadAccess: MethodDefinition<_marketplace_purchases_v1_GetDownloadAccessRequest, _marketplace_purchases_v1_DownloadAccess, _marketplace_purchases_v1_GetDownloadAccessRequest__Output, _marketplace_purchases_v1_DownloadAccess__Output>
  ListPurchaseActivity: MethodDefinition<_marketplace_purchases_v1_ListPurchaseActivityRequest, _marketplace_purchases_v1_ListPurchaseActivityResponse, _marketplace_purchases_v1_ListPurchaseActivityRequest__Output, _marketplace_purchases_v1_ListPurchaseActivityResponse__Output>
  ListPurchases: MethodDefinition<_marketplace_purchases_v1_ListPurchasesRequest, _marketplace_purchases_v1_ListPurchasesResponse, _marketplace_purchases_v1_ListPurchasesRequest__Output, _marketplace_purchases_v1_ListPurchasesResponse__Output>
}

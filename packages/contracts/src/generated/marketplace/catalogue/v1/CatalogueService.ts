// Original file: proto/marketplace/catalogue/v1/catalogue.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { CreateInstanceRequest as _marketplace_catalogue_v1_CreateInstanceRequest, CreateInstanceRequest__Output as _marketplace_catalogue_v1_CreateInstanceRequest__Output } from '../../../marketplace/catalogue/v1/CreateInstanceRequest';
import type { GetInstanceRequest as _marketplace_catalogue_v1_GetInstanceRequest, GetInstanceRequest__Output as _marketplace_catalogue_v1_GetInstanceRequest__Output } from '../../../marketplace/catalogue/v1/GetInstanceRequest';
import type { Instance as _marketplace_catalogue_v1_Instance, Instance__Output as _marketplace_catalogue_v1_Instance__Output } from '../../../marketplace/catalogue/v1/Instance';
import type { ListInstancesRequest as _marketplace_catalogue_v1_ListInstancesRequest, ListInstancesRequest__Output as _marketplace_catalogue_v1_ListInstancesRequest__Output } from '../../../marketplace/catalogue/v1/ListInstancesRequest';
import type { ListInstancesResponse as _marketplace_catalogue_v1_ListInstancesResponse, ListInstancesResponse__Output as _marketplace_catalogue_v1_ListInstancesResponse__Output } from '../../../marketplace/catalogue/v1/ListInstancesResponse';

export interface CatalogueServiceClient extends grpc.Client {
  /**
   * Creates an instance owned by the caller's organisation (admin). Emits catalogue.instance.created.v1.
   */
  CreateInstance(argument: _marketplace_catalogue_v1_CreateInstanceRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_catalogue_v1_Instance__Output>): grpc.ClientUnaryCall;
  CreateInstance(argument: _marketplace_catalogue_v1_CreateInstanceRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_marketplace_catalogue_v1_Instance__Output>): grpc.ClientUnaryCall;
  CreateInstance(argument: _marketplace_catalogue_v1_CreateInstanceRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_catalogue_v1_Instance__Output>): grpc.ClientUnaryCall;
  CreateInstance(argument: _marketplace_catalogue_v1_CreateInstanceRequest, callback: grpc.requestCallback<_marketplace_catalogue_v1_Instance__Output>): grpc.ClientUnaryCall;
  /**
   * Creates an instance owned by the caller's organisation (admin). Emits catalogue.instance.created.v1.
   */
  createInstance(argument: _marketplace_catalogue_v1_CreateInstanceRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_catalogue_v1_Instance__Output>): grpc.ClientUnaryCall;
  createInstance(argument: _marketplace_catalogue_v1_CreateInstanceRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_marketplace_catalogue_v1_Instance__Output>): grpc.ClientUnaryCall;
  createInstance(argument: _marketplace_catalogue_v1_CreateInstanceRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_catalogue_v1_Instance__Output>): grpc.ClientUnaryCall;
  createInstance(argument: _marketplace_catalogue_v1_CreateInstanceRequest, callback: grpc.requestCallback<_marketplace_catalogue_v1_Instance__Output>): grpc.ClientUnaryCall;
  
  GetInstance(argument: _marketplace_catalogue_v1_GetInstanceRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_catalogue_v1_Instance__Output>): grpc.ClientUnaryCall;
  GetInstance(argument: _marketplace_catalogue_v1_GetInstanceRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_marketplace_catalogue_v1_Instance__Output>): grpc.ClientUnaryCall;
  GetInstance(argument: _marketplace_catalogue_v1_GetInstanceRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_catalogue_v1_Instance__Output>): grpc.ClientUnaryCall;
  GetInstance(argument: _marketplace_catalogue_v1_GetInstanceRequest, callback: grpc.requestCallback<_marketplace_catalogue_v1_Instance__Output>): grpc.ClientUnaryCall;
  getInstance(argument: _marketplace_catalogue_v1_GetInstanceRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_catalogue_v1_Instance__Output>): grpc.ClientUnaryCall;
  getInstance(argument: _marketplace_catalogue_v1_GetInstanceRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_marketplace_catalogue_v1_Instance__Output>): grpc.ClientUnaryCall;
  getInstance(argument: _marketplace_catalogue_v1_GetInstanceRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_catalogue_v1_Instance__Output>): grpc.ClientUnaryCall;
  getInstance(argument: _marketplace_catalogue_v1_GetInstanceRequest, callback: grpc.requestCallback<_marketplace_catalogue_v1_Instance__Output>): grpc.ClientUnaryCall;
  
  ListInstances(argument: _marketplace_catalogue_v1_ListInstancesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_catalogue_v1_ListInstancesResponse__Output>): grpc.ClientUnaryCall;
  ListInstances(argument: _marketplace_catalogue_v1_ListInstancesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_marketplace_catalogue_v1_ListInstancesResponse__Output>): grpc.ClientUnaryCall;
  ListInstances(argument: _marketplace_catalogue_v1_ListInstancesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_catalogue_v1_ListInstancesResponse__Output>): grpc.ClientUnaryCall;
  ListInstances(argument: _marketplace_catalogue_v1_ListInstancesRequest, callback: grpc.requestCallback<_marketplace_catalogue_v1_ListInstancesResponse__Output>): grpc.ClientUnaryCall;
  listInstances(argument: _marketplace_catalogue_v1_ListInstancesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_catalogue_v1_ListInstancesResponse__Output>): grpc.ClientUnaryCall;
  listInstances(argument: _marketplace_catalogue_v1_ListInstancesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_marketplace_catalogue_v1_ListInstancesResponse__Output>): grpc.ClientUnaryCall;
  listInstances(argument: _marketplace_catalogue_v1_ListInstancesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_catalogue_v1_ListInstancesResponse__Output>): grpc.ClientUnaryCall;
  listInstances(argument: _marketplace_catalogue_v1_ListInstancesRequest, callback: grpc.requestCallback<_marketplace_catalogue_v1_ListInstancesResponse__Output>): grpc.ClientUnaryCall;
  
}

export interface CatalogueServiceHandlers extends grpc.UntypedServiceImplementation {
  /**
   * Creates an instance owned by the caller's organisation (admin). Emits catalogue.instance.created.v1.
   */
  CreateInstance: grpc.handleUnaryCall<_marketplace_catalogue_v1_CreateInstanceRequest__Output, _marketplace_catalogue_v1_Instance>;
  
  GetInstance: grpc.handleUnaryCall<_marketplace_catalogue_v1_GetInstanceRequest__Output, _marketplace_catalogue_v1_Instance>;
  
  ListInstances: grpc.handleUnaryCall<_marketplace_catalogue_v1_ListInstancesRequest__Output, _marketplace_catalogue_v1_ListInstancesResponse>;
  
}

export interface CatalogueServiceDefinition extends grpc.ServiceDefinition {
  CreateInstance: MethodDefinition<_marketplace_catalogue_v1_CreateInstanceRequest, _marketplace_catalogue_v1_Instance, _marketplace_catalogue_v1_CreateInstanceRequest__Output, _marketplace_catalogue_v1_Instance__Output>
  GetInstance: MethodDefinition<_marketplace_catalogue_v1_GetInstanceRequest, _marketplace_catalogue_v1_Instance, _marketplace_catalogue_v1_GetInstanceRequest__Output, _marketplace_catalogue_v1_Instance__Output>
  ListInstances: MethodDefinition<_marketplace_catalogue_v1_ListInstancesRequest, _marketplace_catalogue_v1_ListInstancesResponse, _marketplace_catalogue_v1_ListInstancesRequest__Output, _marketplace_catalogue_v1_ListInstancesResponse__Output>
}

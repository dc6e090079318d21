// Original file: proto/marketplace/webhooks/v1/webhooks.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { CreateEndpointRequest as _marketplace_webhooks_v1_CreateEndpointRequest, CreateEndpointRequest__Output as _marketplace_webhooks_v1_CreateEndpointRequest__Output } from '../../../marketplace/webhooks/v1/CreateEndpointRequest';
import type { DeleteEndpointRequest as _marketplace_webhooks_v1_DeleteEndpointRequest, DeleteEndpointRequest__Output as _marketplace_webhooks_v1_DeleteEndpointRequest__Output } from '../../../marketplace/webhooks/v1/DeleteEndpointRequest';
import type { DeleteEndpointResponse as _marketplace_webhooks_v1_DeleteEndpointResponse, DeleteEndpointResponse__Output as _marketplace_webhooks_v1_DeleteEndpointResponse__Output } from '../../../marketplace/webhooks/v1/DeleteEndpointResponse';
import type { Delivery as _marketplace_webhooks_v1_Delivery, Delivery__Output as _marketplace_webhooks_v1_Delivery__Output } from '../../../marketplace/webhooks/v1/Delivery';
import type { DeliveryPage as _marketplace_webhooks_v1_DeliveryPage, DeliveryPage__Output as _marketplace_webhooks_v1_DeliveryPage__Output } from '../../../marketplace/webhooks/v1/DeliveryPage';
import type { EndpointPage as _marketplace_webhooks_v1_EndpointPage, EndpointPage__Output as _marketplace_webhooks_v1_EndpointPage__Output } from '../../../marketplace/webhooks/v1/EndpointPage';
import type { EndpointWithSecret as _marketplace_webhooks_v1_EndpointWithSecret, EndpointWithSecret__Output as _marketplace_webhooks_v1_EndpointWithSecret__Output } from '../../../marketplace/webhooks/v1/EndpointWithSecret';
import type { GetEndpointRequest as _marketplace_webhooks_v1_GetEndpointRequest, GetEndpointRequest__Output as _marketplace_webhooks_v1_GetEndpointRequest__Output } from '../../../marketplace/webhooks/v1/GetEndpointRequest';
import type { ListDeliveriesRequest as _marketplace_webhooks_v1_ListDeliveriesRequest, ListDeliveriesRequest__Output as _marketplace_webhooks_v1_ListDeliveriesRequest__Output } from '../../../marketplace/webhooks/v1/ListDeliveriesRequest';
import type { ListEndpointsRequest as _marketplace_webhooks_v1_ListEndpointsRequest, ListEndpointsRequest__Output as _marketplace_webhooks_v1_ListEndpointsRequest__Output } from '../../../marketplace/webhooks/v1/ListEndpointsRequest';
import type { ReplayDeliveryRequest as _marketplace_webhooks_v1_ReplayDeliveryRequest, ReplayDeliveryRequest__Output as _marketplace_webhooks_v1_ReplayDeliveryRequest__Output } from '../../../marketplace/webhooks/v1/ReplayDeliveryRequest';
import type { RotateSecretRequest as _marketplace_webhooks_v1_RotateSecretRequest, RotateSecretRequest__Output as _marketplace_webhooks_v1_RotateSecretRequest__Output } from '../../../marketplace/webhooks/v1/RotateSecretRequest';
import type { UpdateEndpointRequest as _marketplace_webhooks_v1_UpdateEndpointRequest, UpdateEndpointRequest__Output as _marketplace_webhooks_v1_UpdateEndpointRequest__Output } from '../../../marketplace/webhooks/v1/UpdateEndpointRequest';
import type { WebhookEndpoint as _marketplace_webhooks_v1_WebhookEndpoint, WebhookEndpoint__Output as _marketplace_webhooks_v1_WebhookEndpoint__Output } from '../../../marketplace/webhooks/v1/WebhookEndpoint';

export interface WebhookEndpointsServiceClient extends grpc.Client {
  CreateEndpoint(argument: _marketplace_webhooks_v1_CreateEndpointRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_webhooks_v1_EndpointWithSecret__Output>): grpc.ClientUnaryCall;
  CreateEndpoint(argument: _marketplace_webhooks_v1_CreateEndpointRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_marketplace_webhooks_v1_EndpointWithSecret__Output>): grpc.ClientUnaryCall;
  CreateEndpoint(argument: _marketplace_webhooks_v1_CreateEndpointRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_webhooks_v1_EndpointWithSecret__Output>): grpc.ClientUnaryCall;
  CreateEndpoint(argument: _marketplace_webhooks_v1_CreateEndpointRequest, callback: grpc.requestCallback<_marketplace_webhooks_v1_EndpointWithSecret__Output>): grpc.ClientUnaryCall;
  createEndpoint(argument: _marketplace_webhooks_v1_CreateEndpointRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_webhooks_v1_EndpointWithSecret__Output>): grpc.ClientUnaryCall;
  createEndpoint(argument: _marketplace_webhooks_v1_CreateEndpointRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_marketplace_webhooks_v1_EndpointWithSecret__Output>): grpc.ClientUnaryCall;
  createEndpoint(argument: _marketplace_webhooks_v1_CreateEndpointRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_webhooks_v1_EndpointWithSecret__Output>): grpc.ClientUnaryCall;
  createEndpoint(argument: _marketplace_webhooks_v1_CreateEndpointRequest, callback: grpc.requestCallback<_marketplace_webhooks_v1_EndpointWithSecret__Output>): grpc.ClientUnaryCall;
  
  DeleteEndpoint(argument: _marketplace_webhooks_v1_DeleteEndpointRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_webhooks_v1_DeleteEndpointResponse__Output>): grpc.ClientUnaryCall;
  DeleteEndpoint(argument: _marketplace_webhooks_v1_DeleteEndpointRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_marketplace_webhooks_v1_DeleteEndpointResponse__Output>): grpc.ClientUnaryCall;
  DeleteEndpoint(argument: _marketplace_webhooks_v1_DeleteEndpointRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_webhooks_v1_DeleteEndpointResponse__Output>): grpc.ClientUnaryCall;
  DeleteEndpoint(argument: _marketplace_webhooks_v1_DeleteEndpointRequest, callback: grpc.requestCallback<_marketplace_webhooks_v1_DeleteEndpointResponse__Output>): grpc.ClientUnaryCall;
  deleteEndpoint(argument: _marketplace_webhooks_v1_DeleteEndpointRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_webhooks_v1_DeleteEndpointResponse__Output>): grpc.ClientUnaryCall;
  deleteEndpoint(argument: _marketplace_webhooks_v1_DeleteEndpointRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_marketplace_webhooks_v1_DeleteEndpointResponse__Output>): grpc.ClientUnaryCall;
  deleteEndpoint(argument: _marketplace_webhooks_v1_DeleteEndpointRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_webhooks_v1_DeleteEndpointResponse__Output>): grpc.ClientUnaryCall;
  deleteEndpoint(argument: _marketplace_webhooks_v1_DeleteEndpointRequest, callback: grpc.requestCallback<_marketplace_webhooks_v1_DeleteEndpointResponse__Output>): grpc.ClientUnaryCall;
  
  GetEndpoint(argument: _marketplace_webhooks_v1_GetEndpointRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_webhooks_v1_WebhookEndpoint__Output>): grpc.ClientUnaryCall;
  GetEndpoint(argument: _marketplace_webhooks_v1_GetEndpointRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_marketplace_webhooks_v1_WebhookEndpoint__Output>): grpc.ClientUnaryCall;
  GetEndpoint(argument: _marketplace_webhooks_v1_GetEndpointRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_webhooks_v1_WebhookEndpoint__Output>): grpc.ClientUnaryCall;
  GetEndpoint(argument: _marketplace_webhooks_v1_GetEndpointRequest, callback: grpc.requestCallback<_marketplace_webhooks_v1_WebhookEndpoint__Output>): grpc.ClientUnaryCall;
  getEndpoint(argument: _marketplace_webhooks_v1_GetEndpointRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_webhooks_v1_WebhookEndpoint__Output>): grpc.ClientUnaryCall;
  getEndpoint(argument: _marketplace_webhooks_v1_GetEndpointRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_marketplace_webhooks_v1_WebhookEndpoint__Output>): grpc.ClientUnaryCall;
  getEndpoint(argument: _marketplace_webhooks_v1_GetEndpointRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_webhooks_v1_WebhookEndpoint__Output>): grpc.ClientUnaryCall;
  getEndpoint(argument: _marketplace_webhooks_v1_GetEndpointRequest, callback: grpc.requestCallback<_marketplace_webhooks_v1_WebhookEndpoint__Output>): grpc.ClientUnaryCall;
  
  ListDeliveries(argument: _marketplace_webhooks_v1_ListDeliveriesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_webhooks_v1_DeliveryPage__Output>): grpc.ClientUnaryCall;
  ListDeliveries(argument: _marketplace_webhooks_v1_ListDeliveriesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_marketplace_webhooks_v1_DeliveryPage__Output>): grpc.ClientUnaryCall;
  ListDeliveries(argument: _marketplace_webhooks_v1_ListDeliveriesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_webhooks_v1_DeliveryPage__Output>): grpc.ClientUnaryCall;
  ListDeliveries(argument: _marketplace_webhooks_v1_ListDeliveriesRequest, callback: grpc.requestCallback<_marketplace_webhooks_v1_DeliveryPage__Output>): grpc.ClientUnaryCall;
  listDeliveries(argument: _marketplace_webhooks_v1_ListDeliveriesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_webhooks_v1_DeliveryPage__Output>): grpc.ClientUnaryCall;
  listDeliveries(argument: _marketplace_webhooks_v1_ListDeliveriesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_marketplace_webhooks_v1_DeliveryPage__Output>): grpc.ClientUnaryCall;
  listDeliveries(argument: _marketplace_webhooks_v1_ListDeliveriesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_webhooks_v1_DeliveryPage__Output>): grpc.ClientUnaryCall;
  listDeliveries(argument: _marketplace_webhooks_v1_ListDeliveriesRequest, callback: grpc.requestCallback<_marketplace_webhooks_v1_DeliveryPage__Output>): grpc.ClientUnaryCall;
  
  ListEndpoints(argument: _marketplace_webhooks_v1_ListEndpointsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_webhooks_v1_EndpointPage__Output>): grpc.ClientUnaryCall;
  ListEndpoints(argument: _marketplace_webhooks_v1_ListEndpointsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_marketplace_webhooks_v1_EndpointPage__Output>): grpc.ClientUnaryCall;
  ListEndpoints(argument: _marketplace_webhooks_v1_ListEndpointsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_webhooks_v1_EndpointPage__Output>): grpc.ClientUnaryCall;
  ListEndpoints(argument: _marketplace_webhooks_v1_ListEndpointsRequest, callback: grpc.requestCallback<_marketplace_webhooks_v1_EndpointPage__Output>): grpc.ClientUnaryCall;
  listEndpoints(argument: _marketplace_webhooks_v1_ListEndpointsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_webhooks_v1_EndpointPage__Output>): grpc.ClientUnaryCall;
  listEndpoints(argument: _marketplace_webhooks_v1_ListEndpointsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_marketplace_webhooks_v1_EndpointPage__Output>): grpc.ClientUnaryCall;
  listEndpoints(argument: _marketplace_webhooks_v1_ListEndpointsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_webhooks_v1_EndpointPage__Output>): grpc.ClientUnaryCall;
  listEndpoints(argument: _marketplace_webhooks_v1_ListEndpointsRequest, callback: grpc.requestCallback<_marketplace_webhooks_v1_EndpointPage__Output>): grpc.ClientUnaryCall;
  
  ReplayDelivery(argument: _marketplace_webhooks_v1_ReplayDeliveryRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_webhooks_v1_Delivery__Output>): grpc.ClientUnaryCall;
  ReplayDelivery(argument: _marketplace_webhooks_v1_ReplayDeliveryRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_marketplace_webhooks_v1_Delivery__Output>): grpc.ClientUnaryCall;
  ReplayDelivery(argument: _marketplace_webhooks_v1_ReplayDeliveryRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_webhooks_v1_Delivery__Output>): grpc.ClientUnaryCall;
  ReplayDelivery(argument: _marketplace_webhooks_v1_ReplayDeliveryRequest, callback: grpc.requestCallback<_marketplace_webhooks_v1_Delivery__Output>): grpc.ClientUnaryCall;
  replayDelivery(argument: _marketplace_webhooks_v1_ReplayDeliveryRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_webhooks_v1_Delivery__Output>): grpc.ClientUnaryCall;
  replayDelivery(argument: _marketplace_webhooks_v1_ReplayDeliveryRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_marketplace_webhooks_v1_Delivery__Output>): grpc.ClientUnaryCall;
  replayDelivery(argument: _marketplace_webhooks_v1_ReplayDeliveryRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_webhooks_v1_Delivery__Output>): grpc.ClientUnaryCall;
  replayDelivery(argument: _marketplace_webhooks_v1_ReplayDeliveryRequest, callback: grpc.requestCallback<_marketplace_webhooks_v1_Delivery__Output>): grpc.ClientUnaryCall;
  
  RotateSecret(argument: _marketplace_webhooks_v1_RotateSecretRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_webhooks_v1_EndpointWithSecret__Output>): grpc.ClientUnaryCall;
  RotateSecret(argument: _marketplace_webhooks_v1_RotateSecretRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_marketplace_webhooks_v1_EndpointWithSecret__Output>): grpc.ClientUnaryCall;
  RotateSecret(argument: _marketplace_webhooks_v1_RotateSecretRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_webhooks_v1_EndpointWithSecret__Output>): grpc.ClientUnaryCall;
  RotateSecret(argument: _marketplace_webhooks_v1_RotateSecretRequest, callback: grpc.requestCallback<_marketplace_webhooks_v1_EndpointWithSecret__Output>): grpc.ClientUnaryCall;
  rotateSecret(argument: _marketplace_webhooks_v1_RotateSecretRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_webhooks_v1_EndpointWithSecret__Output>): grpc.ClientUnaryCall;
  rotateSecret(argument: _marketplace_webhooks_v1_RotateSecretRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_marketplace_webhooks_v1_EndpointWithSecret__Output>): grpc.ClientUnaryCall;
  rotateSecret(argument: _marketplace_webhooks_v1_RotateSecretRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_webhooks_v1_EndpointWithSecret__Output>): grpc.ClientUnaryCall;
  rotateSecret(argument: _marketplace_webhooks_v1_RotateSecretRequest, callback: grpc.requestCallback<_marketplace_webhooks_v1_EndpointWithSecret__Output>): grpc.ClientUnaryCall;
  
  UpdateEndpoint(argument: _marketplace_webhooks_v1_UpdateEndpointRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_webhooks_v1_WebhookEndpoint__Output>): grpc.ClientUnaryCall;
  UpdateEndpoint(argument: _marketplace_webhooks_v1_UpdateEndpointRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_marketplace_webhooks_v1_WebhookEndpoint__Output>): grpc.ClientUnaryCall;
  UpdateEndpoint(argument: _marketplace_webhooks_v1_UpdateEndpointRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_webhooks_v1_WebhookEndpoint__Output>): grpc.ClientUnaryCall;
  UpdateEndpoint(argument: _marketplace_webhooks_v1_UpdateEndpointRequest, callback: grpc.requestCallback<_marketplace_webhooks_v1_WebhookEndpoint__Output>): grpc.ClientUnaryCall;
  updateEndpoint(argument: _marketplace_webhooks_v1_UpdateEndpointRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_webhooks_v1_WebhookEndpoint__Output>): grpc.ClientUnaryCall;
  updateEndpoint(argument: _marketplace_webhooks_v1_UpdateEndpointRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_marketplace_webhooks_v1_WebhookEndpoint__Output>): grpc.ClientUnaryCall;
  updateEndpoint(argument: _marketplace_webhooks_v1_UpdateEndpointRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_webhooks_v1_WebhookEndpoint__Output>): grpc.ClientUnaryCall;
  updateEndpoint(argument: _marketplace_webhooks_v1_UpdateEndpointRequest, callback: grpc.requestCallback<_marketplace_webhooks_v1_WebhookEndpoint__Output>): grpc.ClientUnaryCall;
  
}

export interface WebhookEndpointsServiceHandlers extends grpc.UntypedServiceImplementation {
  CreateEndpoint: grpc.handleUnaryCall<_marketplace_webhooks_v1_CreateEndpointRequest__Output, _marketplace_webhooks_v1_EndpointWithSecret>;
  
  DeleteEndpoint: grpc.handleUnaryCall<_marketplace_webhooks_v1_DeleteEndpointRequest__Output, _marketplace_webhooks_v1_DeleteEndpointResponse>;
  
  GetEndpoint: grpc.handleUnaryCall<_marketplace_webhooks_v1_GetEndpointRequest__Output, _marketplace_webhooks_v1_WebhookEndpoint>;
  
  ListDeliveries: grpc.handleUnaryCall<_marketplace_webhooks_v1_ListDeliveriesRequest__Output, _marketplace_webhooks_v1_DeliveryPage>;
  
  ListEndpoints: grpc.handleUnaryCall<_marketplace_webhooks_v1_ListEndpointsRequest__Output, _marketplace_webhooks_v1_EndpointPage>;
  
  ReplayDelivery: grpc.handleUnaryCall<_marketplace_webhooks_v1_ReplayDeliveryRequest__Output, _marketplace_webhooks_v1_Delivery>;
  
  RotateSecret: grpc.handleUnaryCall<_marketplace_webhooks_v1_RotateSecretRequest__Output, _marketplace_webhooks_v1_EndpointWithSecret>;
  
  UpdateEndpoint: grpc.handleUnaryCall<_marketplace_webhooks_v1_UpdateEndpointRequest__Output, _marketplace_webhooks_v1_WebhookEndpoint>;
  
}

export interface WebhookEndpointsServiceDefinition extends grpc.ServiceDefinition {
  CreateEndpoint: MethodDefinition<_marketplace_webhooks_v1_CreateEndpointRequest, _marketplace_webhooks_v1_EndpointWithSecret, _marketplace_webhooks_v1_CreateEndpointRequest__Output, _marketplace_webhooks_v1_EndpointWithSecret__Output>
  DeleteEndpoint: MethodDefinition<_marketplace_webhooks_v1_DeleteEndpointRequest, _marketplace_webhooks_v1_DeleteEndpointResponse, _marketplace_webhooks_v1_DeleteEndpointRequest__Output, _marketplace_webhooks_v1_DeleteEndpointResponse__Output>
  GetEndpoint: MethodDefinition<_marketplace_webhooks_v1_GetEndpointRequest, _marketplace_webhooks_v1_WebhookEndpoint, _marketplace_webhooks_v1_GetEndpointRequest__Output, _marketplace_webhooks_v1_WebhookEndpoint__Output>
  ListDeliveries: MethodDefinition<_marketplace_webhooks_v1_ListDeliveriesRequest, _marketplace_webhooks_v1_DeliveryPage, _marketplace_webhooks_v1_ListDeliveriesRequest__Output, _marketplace_webhooks_v1_DeliveryPage__Output>
  ListEndpoints: MethodDefinition<_marketplace_webhooks_v1_ListEndpointsRequest, _marketplace_webhooks_v1_EndpointPage, _marketplace_webhooks_v1_ListEndpointsRequest__Output, _marketplace_webhooks_v1_EndpointPage__Output>
  ReplayDelivery: MethodDefinition<_marketplace_webhooks_v1_ReplayDeliveryRequest, _marketplace_webhooks_v1_Delivery, _marketplace_webhooks_v1_ReplayDeliveryRequest__Output, _marketplace_webhooks_v1_Delivery__Output>
  RotateSecret: MethodDefinition<_marketplace_webhooks_v1_RotateSecretRequest, _marketplace_webhooks_v1_EndpointWithSecret, _marketplace_webhooks_v1_RotateSecretRequest__Output, _marketplace_webhooks_v1_EndpointWithSecret__Output>
  UpdateEndpoint: MethodDefinition<_marketplace_webhooks_v1_UpdateEndpointRequest, _marketplace_webhooks_v1_WebhookEndpoint, _marketplace_webhooks_v1_UpdateEndpointRequest__Output, _marketplace_webhooks_v1_WebhookEndpoint__Output>
}

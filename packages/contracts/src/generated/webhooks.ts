import type * as grpc from '@grpc/grpc-js';
import type { MessageTypeDefinition } from '@grpc/proto-loader';

import type { CreateEndpointRequest as _marketplace_webhooks_v1_CreateEndpointRequest, CreateEndpointRequest__Output as _marketplace_webhooks_v1_CreateEndpointRequest__Output } from './marketplace/webhooks/v1/CreateEndpointRequest';
import type { DeleteEndpointRequest as _marketplace_webhooks_v1_DeleteEndpointRequest, DeleteEndpointRequest__Output as _marketplace_webhooks_v1_DeleteEndpointRequest__Output } from './marketplace/webhooks/v1/DeleteEndpointRequest';
import type { DeleteEndpointResponse as _marketplace_webhooks_v1_DeleteEndpointResponse, DeleteEndpointResponse__Output as _marketplace_webhooks_v1_DeleteEndpointResponse__Output } from './marketplace/webhooks/v1/DeleteEndpointResponse';
import type { Delivery as _marketplace_webhooks_v1_Delivery, Delivery__Output as _marketplace_webhooks_v1_Delivery__Output } from './marketplace/webhooks/v1/Delivery';
import type { DeliveryPage as _marketplace_webhooks_v1_DeliveryPage, DeliveryPage__Output as _marketplace_webhooks_v1_DeliveryPage__Output } from './marketplace/webhooks/v1/DeliveryPage';
import type { EndpointPage as _marketplace_webhooks_v1_EndpointPage, EndpointPage__Output as _marketplace_webhooks_v1_EndpointPage__Output } from './marketplace/webhooks/v1/EndpointPage';
import type { EndpointWithSecret as _marketplace_webhooks_v1_EndpointWithSecret, EndpointWithSecret__Output as _marketplace_webhooks_v1_EndpointWithSecret__Output } from './marketplace/webhooks/v1/EndpointWithSecret';
import type { GetEndpointRequest as _marketplace_webhooks_v1_GetEndpointRequest, GetEndpointRequest__Output as _marketplace_webhooks_v1_GetEndpointRequest__Output } from './marketplace/webhooks/v1/GetEndpointRequest';
import type { ListDeliveriesRequest as _marketplace_webhooks_v1_ListDeliveriesRequest, ListDeliveriesRequest__Output as _marketplace_webhooks_v1_ListDeliveriesRequest__Output } from './marketplace/webhooks/v1/ListDeliveriesRequest';
import type { ListEndpointsRequest as _marketplace_webhooks_v1_ListEndpointsRequest, ListEndpointsRequest__Output as _marketplace_webhooks_v1_ListEndpointsRequest__Output } from './marketplace/webhooks/v1/ListEndpointsRequest';
import type { ReplayDeliveryRequest as _marketplace_webhooks_v1_ReplayDeliveryRequest, ReplayDeliveryRequest__Output as _marketplace_webhooks_v1_ReplayDeliveryRequest__Output } from './marketplace/webhooks/v1/ReplayDeliveryRequest';
import type { RotateSecretRequest as _marketplace_webhooks_v1_RotateSecretRequest, RotateSecretRequest__Output as _marketplace_webhooks_v1_RotateSecretRequest__Output } from './marketplace/webhooks/v1/RotateSecretRequest';
import type { UpdateEndpointRequest as _marketplace_webhooks_v1_UpdateEndpointRequest, UpdateEndpointRequest__Output as _marketplace_webhooks_v1_UpdateEndpointRequest__Output } from './marketplace/webhooks/v1/UpdateEndpointRequest';
import type { WebhookEndpoint as _marketplace_webhooks_v1_WebhookEndpoint, WebhookEndpoint__Output as _marketplace_webhooks_v1_WebhookEndpoint__Output } from './marketplace/webhooks/v1/WebhookEndpoint';
import type { WebhookEndpointsServiceClient as _marketplace_webhooks_v1_WebhookEndpointsServiceClient, WebhookEndpointsServiceDefinition as _marketplace_webhooks_v1_WebhookEndpointsServiceDefinition } from './marketplace/webhooks/v1/WebhookEndpointsService';

type SubtypeConstructor<Constructor extends new (...args: any) => any, Subtype> = {
  new(...args: ConstructorParameters<Constructor>): Subtype;
};

export interface ProtoGrpcType {
  marketplace: {
    webhooks: {
      v1: {
        CreateEndpointRequest: MessageTypeDefinition<_marketplace_webhooks_v1_CreateEndpointRequest, _marketplace_webhooks_v1_CreateEndpointRequest__Output>
        DeleteEndpointRequest: MessageTypeDefinition<_marketplace_webhooks_v1_DeleteEndpointRequest, _marketplace_webhooks_v1_DeleteEndpointRequest__Output>
        DeleteEndpointResponse: MessageTypeDefinition<_marketplace_webhooks_v1_DeleteEndpointResponse, _marketplace_webhooks_v1_DeleteEndpointResponse__Output>
        Delivery: MessageTypeDefinition<_marketplace_webhooks_v1_Delivery, _marketplace_webhooks_v1_Delivery__Output>
        DeliveryPage: MessageTypeDefinition<_marketplace_webhooks_v1_DeliveryPage, _marketplace_webhooks_v1_DeliveryPage__Output>
        EndpointPage: MessageTypeDefinition<_marketplace_webhooks_v1_EndpointPage, _marketplace_webhooks_v1_EndpointPage__Output>
        EndpointWithSecret: MessageTypeDefinition<_marketplace_webhooks_v1_EndpointWithSecret, _marketplace_webhooks_v1_EndpointWithSecret__Output>
        GetEndpointRequest: MessageTypeDefinition<_marketplace_webhooks_v1_GetEndpointRequest, _marketplace_webhooks_v1_GetEndpointRequest__Output>
        ListDeliveriesRequest: MessageTypeDefinition<_marketplace_webhooks_v1_ListDeliveriesRequest, _marketplace_webhooks_v1_ListDeliveriesRequest__Output>
        ListEndpointsRequest: MessageTypeDefinition<_marketplace_webhooks_v1_ListEndpointsRequest, _marketplace_webhooks_v1_ListEndpointsRequest__Output>
        ReplayDeliveryRequest: MessageTypeDefinition<_marketplace_webhooks_v1_ReplayDeliveryRequest, _marketplace_webhooks_v1_ReplayDeliveryRequest__Output>
        RotateSecretRequest: MessageTypeDefinition<_marketplace_webhooks_v1_RotateSecretRequest, _marketplace_webhooks_v1_RotateSecretRequest__Output>
        UpdateEndpointRequest: MessageTypeDefinition<_marketplace_webhooks_v1_UpdateEndpointRequest, _marketplace_webhooks_v1_UpdateEndpointRequest__Output>
        WebhookEndpoint: MessageTypeDefinition<_marketplace_webhooks_v1_WebhookEndpoint, _marketplace_webhooks_v1_WebhookEndpoint__Output>
        WebhookEndpointsService: SubtypeConstructor<typeof grpc.Client, _marketplace_webhooks_v1_WebhookEndpointsServiceClient> & { service: _marketplace_webhooks_v1_WebhookEndpointsServiceDefinition }
      }
    }
  }
}


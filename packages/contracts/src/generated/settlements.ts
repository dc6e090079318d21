import type * as grpc from '@grpc/grpc-js';
import type { MessageTypeDefinition } from '@grpc/proto-loader';

import type { ReceivePaymentEventRequest as _marketplace_settlements_v1_ReceivePaymentEventRequest, ReceivePaymentEventRequest__Output as _marketplace_settlements_v1_ReceivePaymentEventRequest__Output } from './marketplace/settlements/v1/ReceivePaymentEventRequest';
import type { ReceivePaymentEventResponse as _marketplace_settlements_v1_ReceivePaymentEventResponse, ReceivePaymentEventResponse__Output as _marketplace_settlements_v1_ReceivePaymentEventResponse__Output } from './marketplace/settlements/v1/ReceivePaymentEventResponse';
import type { ReceivePaymentEventResult as _marketplace_settlements_v1_ReceivePaymentEventResult, ReceivePaymentEventResult__Output as _marketplace_settlements_v1_ReceivePaymentEventResult__Output } from './marketplace/settlements/v1/ReceivePaymentEventResult';
import type { ReceivePaymentEventsRequest as _marketplace_settlements_v1_ReceivePaymentEventsRequest, ReceivePaymentEventsRequest__Output as _marketplace_settlements_v1_ReceivePaymentEventsRequest__Output } from './marketplace/settlements/v1/ReceivePaymentEventsRequest';
import type { ReceivePaymentEventsResponse as _marketplace_settlements_v1_ReceivePaymentEventsResponse, ReceivePaymentEventsResponse__Output as _marketplace_settlements_v1_ReceivePaymentEventsResponse__Output } from './marketplace/settlements/v1/ReceivePaymentEventsResponse';
import type { SettlementsServiceClient as _marketplace_settlements_v1_SettlementsServiceClient, SettlementsServiceDefinition as _marketplace_settlements_v1_SettlementsServiceDefinition } from './marketplace/settlements/v1/SettlementsService';

type SubtypeConstructor<Constructor extends new (...args: any) => any, Subtype> = {
  new(...args: ConstructorParameters<Constructor>): Subtype;
};

export interface ProtoGrpcType {
  marketplace: {
    settlements: {
      v1: {
        ReceivePaymentEventRequest: MessageTypeDefinition<_marketplace_settlements_v1_ReceivePaymentEventRequest, _marketplace_settlements_v1_ReceivePaymentEventRequest__Output>
        ReceivePaymentEventResponse: MessageTypeDefinition<_marketplace_settlements_v1_ReceivePaymentEventResponse, _marketplace_settlements_v1_ReceivePaymentEventResponse__Output>
        ReceivePaymentEventResult: MessageTypeDefinition<_marketplace_settlements_v1_ReceivePaymentEventResult, _marketplace_settlements_v1_ReceivePaymentEventResult__Output>
        ReceivePaymentEventsRequest: MessageTypeDefinition<_marketplace_settlements_v1_ReceivePaymentEventsRequest, _marketplace_settlements_v1_ReceivePaymentEventsRequest__Output>
        ReceivePaymentEventsResponse: MessageTypeDefinition<_marketplace_settlements_v1_ReceivePaymentEventsResponse, _marketplace_settlements_v1_ReceivePaymentEventsResponse__Output>
        SettlementsService: SubtypeConstructor<typeof grpc.Client, _marketplace_settlements_v1_SettlementsServiceClient> & { service: _marketplace_settlements_v1_SettlementsServiceDefinition }
      }
    }
  }
}


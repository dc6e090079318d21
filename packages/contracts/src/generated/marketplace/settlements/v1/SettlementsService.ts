// Original file: proto/marketplace/settlements/v1/settlements.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { ReceivePaymentEventRequest as _marketplace_settlements_v1_ReceivePaymentEventRequest, ReceivePaymentEventRequest__Output as _marketplace_settlements_v1_ReceivePaymentEventRequest__Output } from '../../../marketplace/settlements/v1/ReceivePaymentEventRequest';
import type { ReceivePaymentEventResponse as _marketplace_settlements_v1_ReceivePaymentEventResponse, ReceivePaymentEventResponse__Output as _marketplace_settlements_v1_ReceivePaymentEventResponse__Output } from '../../../marketplace/settlements/v1/ReceivePaymentEventResponse';
import type { ReceivePaymentEventsRequest as _marketplace_settlements_v1_ReceivePaymentEventsRequest, ReceivePaymentEventsRequest__Output as _marketplace_settlements_v1_ReceivePaymentEventsRequest__Output } from '../../../marketplace/settlements/v1/ReceivePaymentEventsRequest';
import type { ReceivePaymentEventsResponse as _marketplace_settlements_v1_ReceivePaymentEventsResponse, ReceivePaymentEventsResponse__Output as _marketplace_settlements_v1_ReceivePaymentEventsResponse__Output } from '../../../marketplace/settlements/v1/ReceivePaymentEventsResponse';

export interface SettlementsServiceClient extends grpc.Client {
  /**
   * Verifies the signature (400 invalid-signature otherwise) and stores the event durably before it
   * answers; a repeated event id is a no-op. Only the gateway calls it, as itself.
   */
  ReceivePaymentEvent(argument: _marketplace_settlements_v1_ReceivePaymentEventRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_settlements_v1_ReceivePaymentEventResponse__Output>): grpc.ClientUnaryCall;
  ReceivePaymentEvent(argument: _marketplace_settlements_v1_ReceivePaymentEventRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_marketplace_settlements_v1_ReceivePaymentEventResponse__Output>): grpc.ClientUnaryCall;
  ReceivePaymentEvent(argument: _marketplace_settlements_v1_ReceivePaymentEventRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_settlements_v1_ReceivePaymentEventResponse__Output>): grpc.ClientUnaryCall;
  ReceivePaymentEvent(argument: _marketplace_settlements_v1_ReceivePaymentEventRequest, callback: grpc.requestCallback<_marketplace_settlements_v1_ReceivePaymentEventResponse__Output>): grpc.ClientUnaryCall;
  /**
   * Verifies the signature (400 invalid-signature otherwise) and stores the event durably before it
   * answers; a repeated event id is a no-op. Only the gateway calls it, as itself.
   */
  receivePaymentEvent(argument: _marketplace_settlements_v1_ReceivePaymentEventRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_settlements_v1_ReceivePaymentEventResponse__Output>): grpc.ClientUnaryCall;
  receivePaymentEvent(argument: _marketplace_settlements_v1_ReceivePaymentEventRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_marketplace_settlements_v1_ReceivePaymentEventResponse__Output>): grpc.ClientUnaryCall;
  receivePaymentEvent(argument: _marketplace_settlements_v1_ReceivePaymentEventRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_settlements_v1_ReceivePaymentEventResponse__Output>): grpc.ClientUnaryCall;
  receivePaymentEvent(argument: _marketplace_settlements_v1_ReceivePaymentEventRequest, callback: grpc.requestCallback<_marketplace_settlements_v1_ReceivePaymentEventResponse__Output>): grpc.ClientUnaryCall;
  
  /**
   * ReceivePaymentEvent for several notifications in one call: each is verified and stored on its own
   * (one refused event does not fail the others), and the call answers once every accepted event is
   * stored durably. Only the gateway calls it, as itself.
   */
  ReceivePaymentEvents(argument: _marketplace_settlements_v1_ReceivePaymentEventsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_settlements_v1_ReceivePaymentEventsResponse__Output>): grpc.ClientUnaryCall;
  ReceivePaymentEvents(argument: _marketplace_settlements_v1_ReceivePaymentEventsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_marketplace_settlements_v1_ReceivePaymentEventsResponse__Output>): grpc.ClientUnaryCall;
  ReceivePaymentEvents(argument: _marketplace_settlements_v1_ReceivePaymentEventsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_settlements_v1_ReceivePaymentEventsResponse__Output>): grpc.ClientUnaryCall;
  ReceivePaymentEvents(argument: _marketplace_settlements_v1_ReceivePaymentEventsRequest, callback: grpc.requestCallback<_marketplace_settlements_v1_ReceivePaymentEventsResponse__Output>): grpc.ClientUnaryCall;
  /**
   * ReceivePaymentEvent for several notifications in one call: each is verified and stored on its own
   * (one refused event does not fail the others), and the call answers once every accepted event is
   * stored durably. Only the gateway calls it, as itself.
   */
  receivePaymentEvents(argument: _marketplace_settlements_v1_ReceivePaymentEventsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_settlements_v1_ReceivePaymentEventsResponse__Output>): grpc.ClientUnaryCall;
  receivePaymentEvents(argument: _marketplace_settlements_v1_ReceivePaymentEventsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_marketplace_settlements_v1_ReceivePaymentEventsResponse__Output>): grpc.ClientUnaryCall;
  receivePaymentEvents(argument: _marketplace_settlements_v1_ReceivePaymentEventsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_settlements_v1_ReceivePaymentEventsResponse__Output>): grpc.ClientUnaryCall;
  receivePaymentEvents(argument: _marketplace_settlements_v1_ReceivePaymentEventsRequest, callback: grpc.requestCallback<_marketplace_settlements_v1_ReceivePaymentEventsResponse__Output>): grpc.ClientUnaryCall;
  
}

export interface SettlementsServiceHandlers extends grpc.UntypedServiceImplementation {
  /**
   * Verifies the signature (400 invalid-signature otherwise) and stores the event durably before it
   * answers; a repeated event id is a no-op. Only the gateway calls it, as itself.
   */
  ReceivePaymentEvent: grpc.handleUnaryCall<_marketplace_settlements_v1_ReceivePaymentEventRequest__Output, _marketplace_settlements_v1_ReceivePaymentEventResponse>;
  
  /**
   * ReceivePaymentEvent for several notifications in one call: each is verified and stored on its own
   * (one refused event does not fail the others), and the call answers once every accepted event is
   * stored durably. Only the gateway calls it, as itself.
   */
  ReceivePaymentEvents: grpc.handleUnaryCall<_marketplace_settlements_v1_ReceivePaymentEventsRequest__Output, _marketplace_settlements_v1_ReceivePaymentEventsResponse>;
  
}

export interface SettlementsServiceDefinition extends grpc.ServiceDefinition {
  ReceivePaymentEvent: MethodDefinition<_marketplace_settlements_v1_ReceivePaymentEventRequest, _marketplace_settlements_v1_ReceivePaymentEventResponse, _marketplace_settlements_v1_ReceivePaymentEventRequest__Output, _marketplace_settlements_v1_ReceivePaymentEventResponse__Output>
  ReceivePaymentEvents: MethodDefinition<_marketplace_settlements_v1_ReceivePaymentEventsRequest, _marketplace_settlements_v1_ReceivePaymentEventsResponse, _marketplace_settlements_v1_ReceivePaymentEventsRequest__Output, _marketplace_settlements_v1_ReceivePaymentEventsResponse__Output>
}

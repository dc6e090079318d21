// Original file: proto/marketplace/publishing/v1/publishing.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { GetInstanceReferenceRequest as _marketplace_publishing_v1_GetInstanceReferenceRequest, GetInstanceReferenceRequest__Output as _marketplace_publishing_v1_GetInstanceReferenceRequest__Output } from '../../../marketplace/publishing/v1/GetInstanceReferenceRequest';
import type { InstanceReference as _marketplace_publishing_v1_InstanceReference, InstanceReference__Output as _marketplace_publishing_v1_InstanceReference__Output } from '../../../marketplace/publishing/v1/InstanceReference';

export interface PublishingServiceClient extends grpc.Client {
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
  
}

export interface PublishingServiceHandlers extends grpc.UntypedServiceImplementation {
  /**
   * NOT_FOUND until the instance's creation event has been consumed.
   */
  GetInstanceReference: grpc.handleUnaryCall<_marketplace_publishing_v1_GetInstanceReferenceRequest__Output, _marketplace_publishing_v1_InstanceReference>;
  
}

export interface PublishingServiceDefinition extends grpc.ServiceDefinition {
  GetInstanceReference: MethodDefinition<_marketplace_publishing_v1_GetInstanceReferenceRequest, _marketplace_publishing_v1_InstanceReference, _marketplace_publishing_v1_GetInstanceReferenceRequest__Output, _marketplace_publishing_v1_InstanceReference__Output>
}

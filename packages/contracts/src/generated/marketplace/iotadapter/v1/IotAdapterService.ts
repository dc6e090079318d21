// Original file: proto/marketplace/iotadapter/v1/iot_adapter.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'

/**
 * The RPCs of this service arrive with its issue; the server already runs and answers grpc.health.v1.
 */
export interface IotAdapterServiceClient extends grpc.Client {
}

/**
 * The RPCs of this service arrive with its issue; the server already runs and answers grpc.health.v1.
 */
export interface IotAdapterServiceHandlers extends grpc.UntypedServiceImplementation {
}

export interface IotAdapterServiceDefinition extends grpc.ServiceDefinition {
}

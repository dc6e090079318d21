// Original file: proto/marketplace/assets/v1/assets.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'

/**
 * The RPCs of this service arrive with its issue; the server already runs and answers grpc.health.v1.
 */
export interface AssetsServiceClient extends grpc.Client {
}

/**
 * The RPCs of this service arrive with its issue; the server already runs and answers grpc.health.v1.
 */
export interface AssetsServiceHandlers extends grpc.UntypedServiceImplementation {
}

export interface AssetsServiceDefinition extends grpc.ServiceDefinition {
}

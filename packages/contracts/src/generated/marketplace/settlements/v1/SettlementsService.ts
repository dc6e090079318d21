// Original file: proto/marketplace/settlements/v1/settlements.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'

/**
 * The RPCs of this service arrive with its issue; the server already runs and answers grpc.health.v1.
 */
export interface SettlementsServiceClient extends grpc.Client {
}

/**
 * The RPCs of this service arrive with its issue; the server already runs and answers grpc.health.v1.
 */
export interface SettlementsServiceHandlers extends grpc.UntypedServiceImplementation {
}

export interface SettlementsServiceDefinition extends grpc.ServiceDefinition {
}

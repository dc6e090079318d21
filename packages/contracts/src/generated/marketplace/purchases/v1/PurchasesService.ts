// Original file: proto/marketplace/purchases/v1/purchases.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'

/**
 * The RPCs of this service arrive with its issue; the server already runs and answers grpc.health.v1.
 */
export interface PurchasesServiceClient extends grpc.Client {
}

/**
 * The RPCs of this service arrive with its issue; the server already runs and answers grpc.health.v1.
 */
export interface PurchasesServiceHandlers extends grpc.UntypedServiceImplementation {
}

export interface PurchasesServiceDefinition extends grpc.ServiceDefinition {
}

// Original file: proto/marketplace/publishing/v1/publishing_releases.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'

/**
 * RPCs arrive with the publishing issue.
 */
export interface PublishingReleasesServiceClient extends grpc.Client {
}

/**
 * RPCs arrive with the publishing issue.
 */
export interface PublishingReleasesServiceHandlers extends grpc.UntypedServiceImplementation {
}

export interface PublishingReleasesServiceDefinition extends grpc.ServiceDefinition {
}

import type * as grpc from '@grpc/grpc-js';
import type { MessageTypeDefinition } from '@grpc/proto-loader';

import type { GetInstanceReferenceRequest as _marketplace_publishing_v1_GetInstanceReferenceRequest, GetInstanceReferenceRequest__Output as _marketplace_publishing_v1_GetInstanceReferenceRequest__Output } from './marketplace/publishing/v1/GetInstanceReferenceRequest';
import type { InstanceReference as _marketplace_publishing_v1_InstanceReference, InstanceReference__Output as _marketplace_publishing_v1_InstanceReference__Output } from './marketplace/publishing/v1/InstanceReference';
import type { PublishingServiceClient as _marketplace_publishing_v1_PublishingServiceClient, PublishingServiceDefinition as _marketplace_publishing_v1_PublishingServiceDefinition } from './marketplace/publishing/v1/PublishingService';

type SubtypeConstructor<Constructor extends new (...args: any) => any, Subtype> = {
  new(...args: ConstructorParameters<Constructor>): Subtype;
};

export interface ProtoGrpcType {
  marketplace: {
    publishing: {
      v1: {
        GetInstanceReferenceRequest: MessageTypeDefinition<_marketplace_publishing_v1_GetInstanceReferenceRequest, _marketplace_publishing_v1_GetInstanceReferenceRequest__Output>
        InstanceReference: MessageTypeDefinition<_marketplace_publishing_v1_InstanceReference, _marketplace_publishing_v1_InstanceReference__Output>
        PublishingService: SubtypeConstructor<typeof grpc.Client, _marketplace_publishing_v1_PublishingServiceClient> & { service: _marketplace_publishing_v1_PublishingServiceDefinition }
      }
    }
  }
}


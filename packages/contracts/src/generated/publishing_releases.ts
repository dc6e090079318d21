import type * as grpc from '@grpc/grpc-js';

import type { PublishingReleasesServiceClient as _marketplace_publishing_v1_PublishingReleasesServiceClient, PublishingReleasesServiceDefinition as _marketplace_publishing_v1_PublishingReleasesServiceDefinition } from './marketplace/publishing/v1/PublishingReleasesService';

type SubtypeConstructor<Constructor extends new (...args: any) => any, Subtype> = {
  new(...args: ConstructorParameters<Constructor>): Subtype;
};

export interface ProtoGrpcType {
  marketplace: {
    publishing: {
      v1: {
        /**
         * RPCs arrive with the publishing issue.
         */
        PublishingReleasesService: SubtypeConstructor<typeof grpc.Client, _marketplace_publishing_v1_PublishingReleasesServiceClient> & { service: _marketplace_publishing_v1_PublishingReleasesServiceDefinition }
      }
    }
  }
}


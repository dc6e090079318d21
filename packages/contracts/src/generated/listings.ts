import type * as grpc from '@grpc/grpc-js';
import type { MessageTypeDefinition } from '@grpc/proto-loader';

import type { GetInstanceReferenceRequest as _marketplace_listings_v1_GetInstanceReferenceRequest, GetInstanceReferenceRequest__Output as _marketplace_listings_v1_GetInstanceReferenceRequest__Output } from './marketplace/listings/v1/GetInstanceReferenceRequest';
import type { InstanceReference as _marketplace_listings_v1_InstanceReference, InstanceReference__Output as _marketplace_listings_v1_InstanceReference__Output } from './marketplace/listings/v1/InstanceReference';
import type { ListingsServiceClient as _marketplace_listings_v1_ListingsServiceClient, ListingsServiceDefinition as _marketplace_listings_v1_ListingsServiceDefinition } from './marketplace/listings/v1/ListingsService';

type SubtypeConstructor<Constructor extends new (...args: any) => any, Subtype> = {
  new(...args: ConstructorParameters<Constructor>): Subtype;
};

export interface ProtoGrpcType {
  marketplace: {
    listings: {
      v1: {
        GetInstanceReferenceRequest: MessageTypeDefinition<_marketplace_listings_v1_GetInstanceReferenceRequest, _marketplace_listings_v1_GetInstanceReferenceRequest__Output>
        InstanceReference: MessageTypeDefinition<_marketplace_listings_v1_InstanceReference, _marketplace_listings_v1_InstanceReference__Output>
        ListingsService: SubtypeConstructor<typeof grpc.Client, _marketplace_listings_v1_ListingsServiceClient> & { service: _marketplace_listings_v1_ListingsServiceDefinition }
      }
    }
  }
}


import type * as grpc from '@grpc/grpc-js';

import type { PurchasesServiceClient as _marketplace_purchases_v1_PurchasesServiceClient, PurchasesServiceDefinition as _marketplace_purchases_v1_PurchasesServiceDefinition } from './marketplace/purchases/v1/PurchasesService';

type SubtypeConstructor<Constructor extends new (...args: any) => any, Subtype> = {
  new(...args: ConstructorParameters<Constructor>): Subtype;
};

export interface ProtoGrpcType {
  marketplace: {
    purchases: {
      v1: {
        /**
         * The RPCs of this service arrive with its issue; the server already runs and answers grpc.health.v1.
         */
        PurchasesService: SubtypeConstructor<typeof grpc.Client, _marketplace_purchases_v1_PurchasesServiceClient> & { service: _marketplace_purchases_v1_PurchasesServiceDefinition }
      }
    }
  }
}


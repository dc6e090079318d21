import type * as grpc from '@grpc/grpc-js';

import type { AssetsServiceClient as _marketplace_assets_v1_AssetsServiceClient, AssetsServiceDefinition as _marketplace_assets_v1_AssetsServiceDefinition } from './marketplace/assets/v1/AssetsService';

type SubtypeConstructor<Constructor extends new (...args: any) => any, Subtype> = {
  new(...args: ConstructorParameters<Constructor>): Subtype;
};

export interface ProtoGrpcType {
  marketplace: {
    assets: {
      v1: {
        /**
         * The RPCs of this service arrive with its issue; the server already runs and answers grpc.health.v1.
         */
        AssetsService: SubtypeConstructor<typeof grpc.Client, _marketplace_assets_v1_AssetsServiceClient> & { service: _marketplace_assets_v1_AssetsServiceDefinition }
      }
    }
  }
}


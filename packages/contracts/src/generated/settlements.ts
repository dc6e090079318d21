import type * as grpc from '@grpc/grpc-js';

import type { SettlementsServiceClient as _marketplace_settlements_v1_SettlementsServiceClient, SettlementsServiceDefinition as _marketplace_settlements_v1_SettlementsServiceDefinition } from './marketplace/settlements/v1/SettlementsService';

type SubtypeConstructor<Constructor extends new (...args: any) => any, Subtype> = {
  new(...args: ConstructorParameters<Constructor>): Subtype;
};

export interface ProtoGrpcType {
  marketplace: {
    settlements: {
      v1: {
        /**
         * The RPCs of this service arrive with its issue; the server already runs and answers grpc.health.v1.
         */
        SettlementsService: SubtypeConstructor<typeof grpc.Client, _marketplace_settlements_v1_SettlementsServiceClient> & { service: _marketplace_settlements_v1_SettlementsServiceDefinition }
      }
    }
  }
}


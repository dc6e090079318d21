import type * as grpc from '@grpc/grpc-js';

import type { IotAdapterServiceClient as _marketplace_iotadapter_v1_IotAdapterServiceClient, IotAdapterServiceDefinition as _marketplace_iotadapter_v1_IotAdapterServiceDefinition } from './marketplace/iotadapter/v1/IotAdapterService';

type SubtypeConstructor<Constructor extends new (...args: any) => any, Subtype> = {
  new(...args: ConstructorParameters<Constructor>): Subtype;
};

export interface ProtoGrpcType {
  marketplace: {
    iotadapter: {
      v1: {
        /**
         * The RPCs of this service arrive with its issue; the server already runs and answers grpc.health.v1.
         */
        IotAdapterService: SubtypeConstructor<typeof grpc.Client, _marketplace_iotadapter_v1_IotAdapterServiceClient> & { service: _marketplace_iotadapter_v1_IotAdapterServiceDefinition }
      }
    }
  }
}


import type * as grpc from '@grpc/grpc-js';
import type { MessageTypeDefinition } from '@grpc/proto-loader';

import type { CatalogueServiceClient as _marketplace_catalogue_v1_CatalogueServiceClient, CatalogueServiceDefinition as _marketplace_catalogue_v1_CatalogueServiceDefinition } from './marketplace/catalogue/v1/CatalogueService';
import type { CreateInstanceRequest as _marketplace_catalogue_v1_CreateInstanceRequest, CreateInstanceRequest__Output as _marketplace_catalogue_v1_CreateInstanceRequest__Output } from './marketplace/catalogue/v1/CreateInstanceRequest';
import type { GetInstanceRequest as _marketplace_catalogue_v1_GetInstanceRequest, GetInstanceRequest__Output as _marketplace_catalogue_v1_GetInstanceRequest__Output } from './marketplace/catalogue/v1/GetInstanceRequest';
import type { Instance as _marketplace_catalogue_v1_Instance, Instance__Output as _marketplace_catalogue_v1_Instance__Output } from './marketplace/catalogue/v1/Instance';
import type { ListInstancesRequest as _marketplace_catalogue_v1_ListInstancesRequest, ListInstancesRequest__Output as _marketplace_catalogue_v1_ListInstancesRequest__Output } from './marketplace/catalogue/v1/ListInstancesRequest';
import type { ListInstancesResponse as _marketplace_catalogue_v1_ListInstancesResponse, ListInstancesResponse__Output as _marketplace_catalogue_v1_ListInstancesResponse__Output } from './marketplace/catalogue/v1/ListInstancesResponse';

type SubtypeConstructor<Constructor extends new (...args: any) => any, Subtype> = {
  new(...args: ConstructorParameters<Constructor>): Subtype;
};

export interface ProtoGrpcType {
  marketplace: {
    catalogue: {
      v1: {
        CatalogueService: SubtypeConstructor<typeof grpc.Client, _marketplace_catalogue_v1_CatalogueServiceClient> & { service: _marketplace_catalogue_v1_CatalogueServiceDefinition }
        CreateInstanceRequest: MessageTypeDefinition<_marketplace_catalogue_v1_CreateInstanceRequest, _marketplace_catalogue_v1_CreateInstanceRequest__Output>
        GetInstanceRequest: MessageTypeDefinition<_marketplace_catalogue_v1_GetInstanceRequest, _marketplace_catalogue_v1_GetInstanceRequest__Output>
        Instance: MessageTypeDefinition<_marketplace_catalogue_v1_Instance, _marketplace_catalogue_v1_Instance__Output>
        ListInstancesRequest: MessageTypeDefinition<_marketplace_catalogue_v1_ListInstancesRequest, _marketplace_catalogue_v1_ListInstancesRequest__Output>
        ListInstancesResponse: MessageTypeDefinition<_marketplace_catalogue_v1_ListInstancesResponse, _marketplace_catalogue_v1_ListInstancesResponse__Output>
      }
    }
  }
}


import type * as grpc from '@grpc/grpc-js';
import type { MessageTypeDefinition } from '@grpc/proto-loader';

import type { IotApplication as _marketplace_publishing_v1_IotApplication, IotApplication__Output as _marketplace_publishing_v1_IotApplication__Output } from './marketplace/publishing/v1/IotApplication';
import type { IotRelease as _marketplace_publishing_v1_IotRelease, IotRelease__Output as _marketplace_publishing_v1_IotRelease__Output } from './marketplace/publishing/v1/IotRelease';
import type { ItemRelease as _marketplace_publishing_v1_ItemRelease, ItemRelease__Output as _marketplace_publishing_v1_ItemRelease__Output } from './marketplace/publishing/v1/ItemRelease';
import type { ListIotApplicationsRequest as _marketplace_publishing_v1_ListIotApplicationsRequest, ListIotApplicationsRequest__Output as _marketplace_publishing_v1_ListIotApplicationsRequest__Output } from './marketplace/publishing/v1/ListIotApplicationsRequest';
import type { ListIotApplicationsResponse as _marketplace_publishing_v1_ListIotApplicationsResponse, ListIotApplicationsResponse__Output as _marketplace_publishing_v1_ListIotApplicationsResponse__Output } from './marketplace/publishing/v1/ListIotApplicationsResponse';
import type { ListIotReleasesRequest as _marketplace_publishing_v1_ListIotReleasesRequest, ListIotReleasesRequest__Output as _marketplace_publishing_v1_ListIotReleasesRequest__Output } from './marketplace/publishing/v1/ListIotReleasesRequest';
import type { ListIotReleasesResponse as _marketplace_publishing_v1_ListIotReleasesResponse, ListIotReleasesResponse__Output as _marketplace_publishing_v1_ListIotReleasesResponse__Output } from './marketplace/publishing/v1/ListIotReleasesResponse';
import type { ListItemReleasesRequest as _marketplace_publishing_v1_ListItemReleasesRequest, ListItemReleasesRequest__Output as _marketplace_publishing_v1_ListItemReleasesRequest__Output } from './marketplace/publishing/v1/ListItemReleasesRequest';
import type { ListItemReleasesResponse as _marketplace_publishing_v1_ListItemReleasesResponse, ListItemReleasesResponse__Output as _marketplace_publishing_v1_ListItemReleasesResponse__Output } from './marketplace/publishing/v1/ListItemReleasesResponse';
import type { PublishingReleasesServiceClient as _marketplace_publishing_v1_PublishingReleasesServiceClient, PublishingReleasesServiceDefinition as _marketplace_publishing_v1_PublishingReleasesServiceDefinition } from './marketplace/publishing/v1/PublishingReleasesService';
import type { ReleaseBoard as _marketplace_publishing_v1_ReleaseBoard, ReleaseBoard__Output as _marketplace_publishing_v1_ReleaseBoard__Output } from './marketplace/publishing/v1/ReleaseBoard';
import type { SelectItemReleaseRequest as _marketplace_publishing_v1_SelectItemReleaseRequest, SelectItemReleaseRequest__Output as _marketplace_publishing_v1_SelectItemReleaseRequest__Output } from './marketplace/publishing/v1/SelectItemReleaseRequest';

type SubtypeConstructor<Constructor extends new (...args: any) => any, Subtype> = {
  new(...args: ConstructorParameters<Constructor>): Subtype;
};

export interface ProtoGrpcType {
  marketplace: {
    publishing: {
      v1: {
        IotApplication: MessageTypeDefinition<_marketplace_publishing_v1_IotApplication, _marketplace_publishing_v1_IotApplication__Output>
        IotRelease: MessageTypeDefinition<_marketplace_publishing_v1_IotRelease, _marketplace_publishing_v1_IotRelease__Output>
        ItemRelease: MessageTypeDefinition<_marketplace_publishing_v1_ItemRelease, _marketplace_publishing_v1_ItemRelease__Output>
        ListIotApplicationsRequest: MessageTypeDefinition<_marketplace_publishing_v1_ListIotApplicationsRequest, _marketplace_publishing_v1_ListIotApplicationsRequest__Output>
        ListIotApplicationsResponse: MessageTypeDefinition<_marketplace_publishing_v1_ListIotApplicationsResponse, _marketplace_publishing_v1_ListIotApplicationsResponse__Output>
        ListIotReleasesRequest: MessageTypeDefinition<_marketplace_publishing_v1_ListIotReleasesRequest, _marketplace_publishing_v1_ListIotReleasesRequest__Output>
        ListIotReleasesResponse: MessageTypeDefinition<_marketplace_publishing_v1_ListIotReleasesResponse, _marketplace_publishing_v1_ListIotReleasesResponse__Output>
        ListItemReleasesRequest: MessageTypeDefinition<_marketplace_publishing_v1_ListItemReleasesRequest, _marketplace_publishing_v1_ListItemReleasesRequest__Output>
        ListItemReleasesResponse: MessageTypeDefinition<_marketplace_publishing_v1_ListItemReleasesResponse, _marketplace_publishing_v1_ListItemReleasesResponse__Output>
        PublishingReleasesService: SubtypeConstructor<typeof grpc.Client, _marketplace_publishing_v1_PublishingReleasesServiceClient> & { service: _marketplace_publishing_v1_PublishingReleasesServiceDefinition }
        ReleaseBoard: MessageTypeDefinition<_marketplace_publishing_v1_ReleaseBoard, _marketplace_publishing_v1_ReleaseBoard__Output>
        SelectItemReleaseRequest: MessageTypeDefinition<_marketplace_publishing_v1_SelectItemReleaseRequest, _marketplace_publishing_v1_SelectItemReleaseRequest__Output>
      }
    }
  }
}


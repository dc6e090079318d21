// Original file: proto/marketplace/publishing/v1/publishing_releases.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { ItemRelease as _marketplace_publishing_v1_ItemRelease, ItemRelease__Output as _marketplace_publishing_v1_ItemRelease__Output } from '../../../marketplace/publishing/v1/ItemRelease';
import type { ListIotApplicationsRequest as _marketplace_publishing_v1_ListIotApplicationsRequest, ListIotApplicationsRequest__Output as _marketplace_publishing_v1_ListIotApplicationsRequest__Output } from '../../../marketplace/publishing/v1/ListIotApplicationsRequest';
import type { ListIotApplicationsResponse as _marketplace_publishing_v1_ListIotApplicationsResponse, ListIotApplicationsResponse__Output as _marketplace_publishing_v1_ListIotApplicationsResponse__Output } from '../../../marketplace/publishing/v1/ListIotApplicationsResponse';
import type { ListIotReleasesRequest as _marketplace_publishing_v1_ListIotReleasesRequest, ListIotReleasesRequest__Output as _marketplace_publishing_v1_ListIotReleasesRequest__Output } from '../../../marketplace/publishing/v1/ListIotReleasesRequest';
import type { ListIotReleasesResponse as _marketplace_publishing_v1_ListIotReleasesResponse, ListIotReleasesResponse__Output as _marketplace_publishing_v1_ListIotReleasesResponse__Output } from '../../../marketplace/publishing/v1/ListIotReleasesResponse';
import type { ListItemReleasesRequest as _marketplace_publishing_v1_ListItemReleasesRequest, ListItemReleasesRequest__Output as _marketplace_publishing_v1_ListItemReleasesRequest__Output } from '../../../marketplace/publishing/v1/ListItemReleasesRequest';
import type { ListItemReleasesResponse as _marketplace_publishing_v1_ListItemReleasesResponse, ListItemReleasesResponse__Output as _marketplace_publishing_v1_ListItemReleasesResponse__Output } from '../../../marketplace/publishing/v1/ListItemReleasesResponse';
import type { SelectItemReleaseRequest as _marketplace_publishing_v1_SelectItemReleaseRequest, SelectItemReleaseRequest__Output as _marketplace_publishing_v1_SelectItemReleaseRequest__Output } from '../../../marketplace/publishing/v1/SelectItemReleaseRequest';

export interface PublishingReleasesServiceClient extends grpc.Client {
  /**
   * The organisation's applications from the IoT platform, joined with their items in the instance.
   */
  ListIotApplications(argument: _marketplace_publishing_v1_ListIotApplicationsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_publishing_v1_ListIotApplicationsResponse__Output>): grpc.ClientUnaryCall;
  ListIotApplications(argument: _marketplace_publishing_v1_ListIotApplicationsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_marketplace_publishing_v1_ListIotApplicationsResponse__Output>): grpc.ClientUnaryCall;
  ListIotApplications(argument: _marketplace_publishing_v1_ListIotApplicationsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_publishing_v1_ListIotApplicationsResponse__Output>): grpc.ClientUnaryCall;
  ListIotApplications(argument: _marketplace_publishing_v1_ListIotApplicationsRequest, callback: grpc.requestCallback<_marketplace_publishing_v1_ListIotApplicationsResponse__Output>): grpc.ClientUnaryCall;
  /**
   * The organisation's applications from the IoT platform, joined with their items in the instance.
   */
  listIotApplications(argument: _marketplace_publishing_v1_ListIotApplicationsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_publishing_v1_ListIotApplicationsResponse__Output>): grpc.ClientUnaryCall;
  listIotApplications(argument: _marketplace_publishing_v1_ListIotApplicationsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_marketplace_publishing_v1_ListIotApplicationsResponse__Output>): grpc.ClientUnaryCall;
  listIotApplications(argument: _marketplace_publishing_v1_ListIotApplicationsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_publishing_v1_ListIotApplicationsResponse__Output>): grpc.ClientUnaryCall;
  listIotApplications(argument: _marketplace_publishing_v1_ListIotApplicationsRequest, callback: grpc.requestCallback<_marketplace_publishing_v1_ListIotApplicationsResponse__Output>): grpc.ClientUnaryCall;
  
  /**
   * NOT_FOUND for an application the organisation does not have.
   */
  ListIotReleases(argument: _marketplace_publishing_v1_ListIotReleasesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_publishing_v1_ListIotReleasesResponse__Output>): grpc.ClientUnaryCall;
  ListIotReleases(argument: _marketplace_publishing_v1_ListIotReleasesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_marketplace_publishing_v1_ListIotReleasesResponse__Output>): grpc.ClientUnaryCall;
  ListIotReleases(argument: _marketplace_publishing_v1_ListIotReleasesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_publishing_v1_ListIotReleasesResponse__Output>): grpc.ClientUnaryCall;
  ListIotReleases(argument: _marketplace_publishing_v1_ListIotReleasesRequest, callback: grpc.requestCallback<_marketplace_publishing_v1_ListIotReleasesResponse__Output>): grpc.ClientUnaryCall;
  /**
   * NOT_FOUND for an application the organisation does not have.
   */
  listIotReleases(argument: _marketplace_publishing_v1_ListIotReleasesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_publishing_v1_ListIotReleasesResponse__Output>): grpc.ClientUnaryCall;
  listIotReleases(argument: _marketplace_publishing_v1_ListIotReleasesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_marketplace_publishing_v1_ListIotReleasesResponse__Output>): grpc.ClientUnaryCall;
  listIotReleases(argument: _marketplace_publishing_v1_ListIotReleasesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_publishing_v1_ListIotReleasesResponse__Output>): grpc.ClientUnaryCall;
  listIotReleases(argument: _marketplace_publishing_v1_ListIotReleasesRequest, callback: grpc.requestCallback<_marketplace_publishing_v1_ListIotReleasesResponse__Output>): grpc.ClientUnaryCall;
  
  ListItemReleases(argument: _marketplace_publishing_v1_ListItemReleasesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_publishing_v1_ListItemReleasesResponse__Output>): grpc.ClientUnaryCall;
  ListItemReleases(argument: _marketplace_publishing_v1_ListItemReleasesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_marketplace_publishing_v1_ListItemReleasesResponse__Output>): grpc.ClientUnaryCall;
  ListItemReleases(argument: _marketplace_publishing_v1_ListItemReleasesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_publishing_v1_ListItemReleasesResponse__Output>): grpc.ClientUnaryCall;
  ListItemReleases(argument: _marketplace_publishing_v1_ListItemReleasesRequest, callback: grpc.requestCallback<_marketplace_publishing_v1_ListItemReleasesResponse__Output>): grpc.ClientUnaryCall;
  listItemReleases(argument: _marketplace_publishing_v1_ListItemReleasesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_publishing_v1_ListItemReleasesResponse__Output>): grpc.ClientUnaryCall;
  listItemReleases(argument: _marketplace_publishing_v1_ListItemReleasesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_marketplace_publishing_v1_ListItemReleasesResponse__Output>): grpc.ClientUnaryCall;
  listItemReleases(argument: _marketplace_publishing_v1_ListItemReleasesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_publishing_v1_ListItemReleasesResponse__Output>): grpc.ClientUnaryCall;
  listItemReleases(argument: _marketplace_publishing_v1_ListItemReleasesRequest, callback: grpc.requestCallback<_marketplace_publishing_v1_ListItemReleasesResponse__Output>): grpc.ClientUnaryCall;
  
  /**
   * Records the release `preparing` and asks the iot-adapter to copy its binary. invalid-state when the
   * item is retired or the release is already selected; validation-failed (release_id) when the release is
   * not one of the item's application.
   */
  SelectItemRelease(argument: _marketplace_publishing_v1_SelectItemReleaseRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_publishing_v1_ItemRelease__Output>): grpc.ClientUnaryCall;
  SelectItemRelease(argument: _marketplace_publishing_v1_SelectItemReleaseRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_marketplace_publishing_v1_ItemRelease__Output>): grpc.ClientUnaryCall;
  SelectItemRelease(argument: _marketplace_publishing_v1_SelectItemReleaseRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_publishing_v1_ItemRelease__Output>): grpc.ClientUnaryCall;
  SelectItemRelease(argument: _marketplace_publishing_v1_SelectItemReleaseRequest, callback: grpc.requestCallback<_marketplace_publishing_v1_ItemRelease__Output>): grpc.ClientUnaryCall;
  /**
   * Records the release `preparing` and asks the iot-adapter to copy its binary. invalid-state when the
   * item is retired or the release is already selected; validation-failed (release_id) when the release is
   * not one of the item's application.
   */
  selectItemRelease(argument: _marketplace_publishing_v1_SelectItemReleaseRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_publishing_v1_ItemRelease__Output>): grpc.ClientUnaryCall;
  selectItemRelease(argument: _marketplace_publishing_v1_SelectItemReleaseRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_marketplace_publishing_v1_ItemRelease__Output>): grpc.ClientUnaryCall;
  selectItemRelease(argument: _marketplace_publishing_v1_SelectItemReleaseRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_publishing_v1_ItemRelease__Output>): grpc.ClientUnaryCall;
  selectItemRelease(argument: _marketplace_publishing_v1_SelectItemReleaseRequest, callback: grpc.requestCallback<_marketplace_publishing_v1_ItemRelease__Output>): grpc.ClientUnaryCall;
  
}

export interface PublishingReleasesServiceHandlers extends grpc.UntypedServiceImplementation {
  /**
   * The organisation's applications from the IoT platform, joined with their items in the instance.
   */
  ListIotApplications: grpc.handleUnaryCall<_marketplace_publishing_v1_ListIotApplicationsRequest__Output, _marketplace_publishing_v1_ListIotApplicationsResponse>;
  
  /**
   * NOT_FOUND for an application the organisation does not have.
   */
  ListIotReleases: grpc.handleUnaryCall<_marketplace_publishing_v1_ListIotReleasesRequest__Output, _marketplace_publishing_v1_ListIotReleasesResponse>;
  
  ListItemReleases: grpc.handleUnaryCall<_marketplace_publishing_v1_ListItemReleasesRequest__Output, _marketplace_publishing_v1_ListItemReleasesResponse>;
  
  /**
   * Records the release `preparing` and asks the iot-adapter to copy its binary. invalid-state when the
   * item is retired or the release is already selected; validation-failed (release_id) when the release is
   * not one of the item's application.
   */
  SelectItemRelease: grpc.handleUnaryCall<_marketplace_publishing_v1_SelectItemReleaseRequest__Output, _marketplace_publishing_v1_ItemRelease>;
  
}

export interface PublishingReleasesServiceDefinition extends grpc.ServiceDefinition {
  ListIotApplications: MethodDefinition<_marketplace_publishing_v1_ListIotApplicationsRequest, _marketplace_publishing_v1_ListIotApplicationsResponse, _marketplace_publishing_v1_ListIotApplicationsRequest__Output, _marketplace_publishing_v1_ListIotApplicationsResponse__Output>
  ListIotReleases: MethodDefinition<_marketplace_publishing_v1_ListIotReleasesRequest, _marketplace_publishing_v1_ListIotReleasesResponse, _marketplace_publishing_v1_ListIotReleasesRequest__Output, _marketplace_publishing_v1_ListIotReleasesResponse__Output>
  ListItemReleases: MethodDefinition<_marketplace_publishing_v1_ListItemReleasesRequest, _marketplace_publishing_v1_ListItemReleasesResponse, _marketplace_publishing_v1_ListItemReleasesRequest__Output, _marketplace_publishing_v1_ListItemReleasesResponse__Output>
  SelectItemRelease: MethodDefinition<_marketplace_publishing_v1_SelectItemReleaseRequest, _marketplace_publishing_v1_ItemRelease, _marketplace_publishing_v1_SelectItemReleaseRequest__Output, _marketplace_publishing_v1_ItemRelease__Output>
}

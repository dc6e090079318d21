import type * as grpc from '@grpc/grpc-js';
import type { MessageTypeDefinition } from '@grpc/proto-loader';

import type { Application as _marketplace_iotadapter_v1_Application, Application__Output as _marketplace_iotadapter_v1_Application__Output } from './marketplace/iotadapter/v1/Application';
import type { Board as _marketplace_iotadapter_v1_Board, Board__Output as _marketplace_iotadapter_v1_Board__Output } from './marketplace/iotadapter/v1/Board';
import type { CopyReleaseBinaryRequest as _marketplace_iotadapter_v1_CopyReleaseBinaryRequest, CopyReleaseBinaryRequest__Output as _marketplace_iotadapter_v1_CopyReleaseBinaryRequest__Output } from './marketplace/iotadapter/v1/CopyReleaseBinaryRequest';
import type { CopyReleaseBinaryResponse as _marketplace_iotadapter_v1_CopyReleaseBinaryResponse, CopyReleaseBinaryResponse__Output as _marketplace_iotadapter_v1_CopyReleaseBinaryResponse__Output } from './marketplace/iotadapter/v1/CopyReleaseBinaryResponse';
import type { Device as _marketplace_iotadapter_v1_Device, Device__Output as _marketplace_iotadapter_v1_Device__Output } from './marketplace/iotadapter/v1/Device';
import type { DeviceApplication as _marketplace_iotadapter_v1_DeviceApplication, DeviceApplication__Output as _marketplace_iotadapter_v1_DeviceApplication__Output } from './marketplace/iotadapter/v1/DeviceApplication';
import type { DeviceBoard as _marketplace_iotadapter_v1_DeviceBoard, DeviceBoard__Output as _marketplace_iotadapter_v1_DeviceBoard__Output } from './marketplace/iotadapter/v1/DeviceBoard';
import type { DeviceOwner as _marketplace_iotadapter_v1_DeviceOwner, DeviceOwner__Output as _marketplace_iotadapter_v1_DeviceOwner__Output } from './marketplace/iotadapter/v1/DeviceOwner';
import type { GetApplicationRequest as _marketplace_iotadapter_v1_GetApplicationRequest, GetApplicationRequest__Output as _marketplace_iotadapter_v1_GetApplicationRequest__Output } from './marketplace/iotadapter/v1/GetApplicationRequest';
import type { GetDeviceOwnerRequest as _marketplace_iotadapter_v1_GetDeviceOwnerRequest, GetDeviceOwnerRequest__Output as _marketplace_iotadapter_v1_GetDeviceOwnerRequest__Output } from './marketplace/iotadapter/v1/GetDeviceOwnerRequest';
import type { GetDeviceRequest as _marketplace_iotadapter_v1_GetDeviceRequest, GetDeviceRequest__Output as _marketplace_iotadapter_v1_GetDeviceRequest__Output } from './marketplace/iotadapter/v1/GetDeviceRequest';
import type { GetReleaseRequest as _marketplace_iotadapter_v1_GetReleaseRequest, GetReleaseRequest__Output as _marketplace_iotadapter_v1_GetReleaseRequest__Output } from './marketplace/iotadapter/v1/GetReleaseRequest';
import type { IotAdapterServiceClient as _marketplace_iotadapter_v1_IotAdapterServiceClient, IotAdapterServiceDefinition as _marketplace_iotadapter_v1_IotAdapterServiceDefinition } from './marketplace/iotadapter/v1/IotAdapterService';
import type { ListApplicationsRequest as _marketplace_iotadapter_v1_ListApplicationsRequest, ListApplicationsRequest__Output as _marketplace_iotadapter_v1_ListApplicationsRequest__Output } from './marketplace/iotadapter/v1/ListApplicationsRequest';
import type { ListApplicationsResponse as _marketplace_iotadapter_v1_ListApplicationsResponse, ListApplicationsResponse__Output as _marketplace_iotadapter_v1_ListApplicationsResponse__Output } from './marketplace/iotadapter/v1/ListApplicationsResponse';
import type { ListDevicesRequest as _marketplace_iotadapter_v1_ListDevicesRequest, ListDevicesRequest__Output as _marketplace_iotadapter_v1_ListDevicesRequest__Output } from './marketplace/iotadapter/v1/ListDevicesRequest';
import type { ListDevicesResponse as _marketplace_iotadapter_v1_ListDevicesResponse, ListDevicesResponse__Output as _marketplace_iotadapter_v1_ListDevicesResponse__Output } from './marketplace/iotadapter/v1/ListDevicesResponse';
import type { ListReleasesRequest as _marketplace_iotadapter_v1_ListReleasesRequest, ListReleasesRequest__Output as _marketplace_iotadapter_v1_ListReleasesRequest__Output } from './marketplace/iotadapter/v1/ListReleasesRequest';
import type { ListReleasesResponse as _marketplace_iotadapter_v1_ListReleasesResponse, ListReleasesResponse__Output as _marketplace_iotadapter_v1_ListReleasesResponse__Output } from './marketplace/iotadapter/v1/ListReleasesResponse';
import type { QueueInstallRequest as _marketplace_iotadapter_v1_QueueInstallRequest, QueueInstallRequest__Output as _marketplace_iotadapter_v1_QueueInstallRequest__Output } from './marketplace/iotadapter/v1/QueueInstallRequest';
import type { QueuedInstall as _marketplace_iotadapter_v1_QueuedInstall, QueuedInstall__Output as _marketplace_iotadapter_v1_QueuedInstall__Output } from './marketplace/iotadapter/v1/QueuedInstall';
import type { Release as _marketplace_iotadapter_v1_Release, Release__Output as _marketplace_iotadapter_v1_Release__Output } from './marketplace/iotadapter/v1/Release';

type SubtypeConstructor<Constructor extends new (...args: any) => any, Subtype> = {
  new(...args: ConstructorParameters<Constructor>): Subtype;
};

export interface ProtoGrpcType {
  marketplace: {
    iotadapter: {
      v1: {
        Application: MessageTypeDefinition<_marketplace_iotadapter_v1_Application, _marketplace_iotadapter_v1_Application__Output>
        Board: MessageTypeDefinition<_marketplace_iotadapter_v1_Board, _marketplace_iotadapter_v1_Board__Output>
        CopyReleaseBinaryRequest: MessageTypeDefinition<_marketplace_iotadapter_v1_CopyReleaseBinaryRequest, _marketplace_iotadapter_v1_CopyReleaseBinaryRequest__Output>
        CopyReleaseBinaryResponse: MessageTypeDefinition<_marketplace_iotadapter_v1_CopyReleaseBinaryResponse, _marketplace_iotadapter_v1_CopyReleaseBinaryResponse__Output>
        Device: MessageTypeDefinition<_marketplace_iotadapter_v1_Device, _marketplace_iotadapter_v1_Device__Output>
        DeviceApplication: MessageTypeDefinition<_marketplace_iotadapter_v1_DeviceApplication, _marketplace_iotadapter_v1_DeviceApplication__Output>
        DeviceBoard: MessageTypeDefinition<_marketplace_iotadapter_v1_DeviceBoard, _marketplace_iotadapter_v1_DeviceBoard__Output>
        DeviceOwner: MessageTypeDefinition<_marketplace_iotadapter_v1_DeviceOwner, _marketplace_iotadapter_v1_DeviceOwner__Output>
        GetApplicationRequest: MessageTypeDefinition<_marketplace_iotadapter_v1_GetApplicationRequest, _marketplace_iotadapter_v1_GetApplicationRequest__Output>
        GetDeviceOwnerRequest: MessageTypeDefinition<_marketplace_iotadapter_v1_GetDeviceOwnerRequest, _marketplace_iotadapter_v1_GetDeviceOwnerRequest__Output>
        GetDeviceRequest: MessageTypeDefinition<_marketplace_iotadapter_v1_GetDeviceRequest, _marketplace_iotadapter_v1_GetDeviceRequest__Output>
        GetReleaseRequest: MessageTypeDefinition<_marketplace_iotadapter_v1_GetReleaseRequest, _marketplace_iotadapter_v1_GetReleaseRequest__Output>
        IotAdapterService: SubtypeConstructor<typeof grpc.Client, _marketplace_iotadapter_v1_IotAdapterServiceClient> & { service: _marketplace_iotadapter_v1_IotAdapterServiceDefinition }
        ListApplicationsRequest: MessageTypeDefinition<_marketplace_iotadapter_v1_ListApplicationsRequest, _marketplace_iotadapter_v1_ListApplicationsRequest__Output>
        ListApplicationsResponse: MessageTypeDefinition<_marketplace_iotadapter_v1_ListApplicationsResponse, _marketplace_iotadapter_v1_ListApplicationsResponse__Output>
        ListDevicesRequest: MessageTypeDefinition<_marketplace_iotadapter_v1_ListDevicesRequest, _marketplace_iotadapter_v1_ListDevicesRequest__Output>
        ListDevicesResponse: MessageTypeDefinition<_marketplace_iotadapter_v1_ListDevicesResponse, _marketplace_iotadapter_v1_ListDevicesResponse__Output>
        ListReleasesRequest: MessageTypeDefinition<_marketplace_iotadapter_v1_ListReleasesRequest, _marketplace_iotadapter_v1_ListReleasesRequest__Output>
        ListReleasesResponse: MessageTypeDefinition<_marketplace_iotadapter_v1_ListReleasesResponse, _marketplace_iotadapter_v1_ListReleasesResponse__Output>
        QueueInstallRequest: MessageTypeDefinition<_marketplace_iotadapter_v1_QueueInstallRequest, _marketplace_iotadapter_v1_QueueInstallRequest__Output>
        QueuedInstall: MessageTypeDefinition<_marketplace_iotadapter_v1_QueuedInstall, _marketplace_iotadapter_v1_QueuedInstall__Output>
        Release: MessageTypeDefinition<_marketplace_iotadapter_v1_Release, _marketplace_iotadapter_v1_Release__Output>
      }
    }
  }
}


// Original file: proto/marketplace/iotadapter/v1/iot_adapter.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { Application as _marketplace_iotadapter_v1_Application, Application__Output as _marketplace_iotadapter_v1_Application__Output } from '../../../marketplace/iotadapter/v1/Application';
import type { CopyReleaseBinaryRequest as _marketplace_iotadapter_v1_CopyReleaseBinaryRequest, CopyReleaseBinaryRequest__Output as _marketplace_iotadapter_v1_CopyReleaseBinaryRequest__Output } from '../../../marketplace/iotadapter/v1/CopyReleaseBinaryRequest';
import type { CopyReleaseBinaryResponse as _marketplace_iotadapter_v1_CopyReleaseBinaryResponse, CopyReleaseBinaryResponse__Output as _marketplace_iotadapter_v1_CopyReleaseBinaryResponse__Output } from '../../../marketplace/iotadapter/v1/CopyReleaseBinaryResponse';
import type { Device as _marketplace_iotadapter_v1_Device, Device__Output as _marketplace_iotadapter_v1_Device__Output } from '../../../marketplace/iotadapter/v1/Device';
import type { DeviceOwner as _marketplace_iotadapter_v1_DeviceOwner, DeviceOwner__Output as _marketplace_iotadapter_v1_DeviceOwner__Output } from '../../../marketplace/iotadapter/v1/DeviceOwner';
import type { GetApplicationRequest as _marketplace_iotadapter_v1_GetApplicationRequest, GetApplicationRequest__Output as _marketplace_iotadapter_v1_GetApplicationRequest__Output } from '../../../marketplace/iotadapter/v1/GetApplicationRequest';
import type { GetDeviceOwnerRequest as _marketplace_iotadapter_v1_GetDeviceOwnerRequest, GetDeviceOwnerRequest__Output as _marketplace_iotadapter_v1_GetDeviceOwnerRequest__Output } from '../../../marketplace/iotadapter/v1/GetDeviceOwnerRequest';
import type { GetDeviceRequest as _marketplace_iotadapter_v1_GetDeviceRequest, GetDeviceRequest__Output as _marketplace_iotadapter_v1_GetDeviceRequest__Output } from '../../../marketplace/iotadapter/v1/GetDeviceRequest';
import type { GetReleaseRequest as _marketplace_iotadapter_v1_GetReleaseRequest, GetReleaseRequest__Output as _marketplace_iotadapter_v1_GetReleaseRequest__Output } from '../../../marketplace/iotadapter/v1/GetReleaseRequest';
import type { ListApplicationsRequest as _marketplace_iotadapter_v1_ListApplicationsRequest, ListApplicationsRequest__Output as _marketplace_iotadapter_v1_ListApplicationsRequest__Output } from '../../../marketplace/iotadapter/v1/ListApplicationsRequest';
import type { ListApplicationsResponse as _marketplace_iotadapter_v1_ListApplicationsResponse, ListApplicationsResponse__Output as _marketplace_iotadapter_v1_ListApplicationsResponse__Output } from '../../../marketplace/iotadapter/v1/ListApplicationsResponse';
import type { ListDevicesRequest as _marketplace_iotadapter_v1_ListDevicesRequest, ListDevicesRequest__Output as _marketplace_iotadapter_v1_ListDevicesRequest__Output } from '../../../marketplace/iotadapter/v1/ListDevicesRequest';
import type { ListDevicesResponse as _marketplace_iotadapter_v1_ListDevicesResponse, ListDevicesResponse__Output as _marketplace_iotadapter_v1_ListDevicesResponse__Output } from '../../../marketplace/iotadapter/v1/ListDevicesResponse';
import type { ListReleasesRequest as _marketplace_iotadapter_v1_ListReleasesRequest, ListReleasesRequest__Output as _marketplace_iotadapter_v1_ListReleasesRequest__Output } from '../../../marketplace/iotadapter/v1/ListReleasesRequest';
import type { ListReleasesResponse as _marketplace_iotadapter_v1_ListReleasesResponse, ListReleasesResponse__Output as _marketplace_iotadapter_v1_ListReleasesResponse__Output } from '../../../marketplace/iotadapter/v1/ListReleasesResponse';
import type { QueueInstallRequest as _marketplace_iotadapter_v1_QueueInstallRequest, QueueInstallRequest__Output as _marketplace_iotadapter_v1_QueueInstallRequest__Output } from '../../../marketplace/iotadapter/v1/QueueInstallRequest';
import type { QueuedInstall as _marketplace_iotadapter_v1_QueuedInstall, QueuedInstall__Output as _marketplace_iotadapter_v1_QueuedInstall__Output } from '../../../marketplace/iotadapter/v1/QueuedInstall';
import type { Release as _marketplace_iotadapter_v1_Release, Release__Output as _marketplace_iotadapter_v1_Release__Output } from '../../../marketplace/iotadapter/v1/Release';

export interface IotAdapterServiceClient extends grpc.Client {
  /**
   * Queues a copy of the release binary into object storage at a key the adapter derives from the caller's
   * organisation and the item release id, verified against the platform's length and CRC32 (sha256
   * recorded). Emits iot.release.stored.v1 or iot.release.copy-failed.v1 (reason: a fixed code).
   * Idempotent per (organisation, item release id).
   */
  CopyReleaseBinary(argument: _marketplace_iotadapter_v1_CopyReleaseBinaryRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_iotadapter_v1_CopyReleaseBinaryResponse__Output>): grpc.ClientUnaryCall;
  CopyReleaseBinary(argument: _marketplace_iotadapter_v1_CopyReleaseBinaryRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_marketplace_iotadapter_v1_CopyReleaseBinaryResponse__Output>): grpc.ClientUnaryCall;
  CopyReleaseBinary(argument: _marketplace_iotadapter_v1_CopyReleaseBinaryRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_iotadapter_v1_CopyReleaseBinaryResponse__Output>): grpc.ClientUnaryCall;
  CopyReleaseBinary(argument: _marketplace_iotadapter_v1_CopyReleaseBinaryRequest, callback: grpc.requestCallback<_marketplace_iotadapter_v1_CopyReleaseBinaryResponse__Output>): grpc.ClientUnaryCall;
  /**
   * Queues a copy of the release binary into object storage at a key the adapter derives from the caller's
   * organisation and the item release id, verified against the platform's length and CRC32 (sha256
   * recorded). Emits iot.release.stored.v1 or iot.release.copy-failed.v1 (reason: a fixed code).
   * Idempotent per (organisation, item release id).
   */
  copyReleaseBinary(argument: _marketplace_iotadapter_v1_CopyReleaseBinaryRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_iotadapter_v1_CopyReleaseBinaryResponse__Output>): grpc.ClientUnaryCall;
  copyReleaseBinary(argument: _marketplace_iotadapter_v1_CopyReleaseBinaryRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_marketplace_iotadapter_v1_CopyReleaseBinaryResponse__Output>): grpc.ClientUnaryCall;
  copyReleaseBinary(argument: _marketplace_iotadapter_v1_CopyReleaseBinaryRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_iotadapter_v1_CopyReleaseBinaryResponse__Output>): grpc.ClientUnaryCall;
  copyReleaseBinary(argument: _marketplace_iotadapter_v1_CopyReleaseBinaryRequest, callback: grpc.requestCallback<_marketplace_iotadapter_v1_CopyReleaseBinaryResponse__Output>): grpc.ClientUnaryCall;
  
  GetApplication(argument: _marketplace_iotadapter_v1_GetApplicationRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_iotadapter_v1_Application__Output>): grpc.ClientUnaryCall;
  GetApplication(argument: _marketplace_iotadapter_v1_GetApplicationRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_marketplace_iotadapter_v1_Application__Output>): grpc.ClientUnaryCall;
  GetApplication(argument: _marketplace_iotadapter_v1_GetApplicationRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_iotadapter_v1_Application__Output>): grpc.ClientUnaryCall;
  GetApplication(argument: _marketplace_iotadapter_v1_GetApplicationRequest, callback: grpc.requestCallback<_marketplace_iotadapter_v1_Application__Output>): grpc.ClientUnaryCall;
  getApplication(argument: _marketplace_iotadapter_v1_GetApplicationRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_iotadapter_v1_Application__Output>): grpc.ClientUnaryCall;
  getApplication(argument: _marketplace_iotadapter_v1_GetApplicationRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_marketplace_iotadapter_v1_Application__Output>): grpc.ClientUnaryCall;
  getApplication(argument: _marketplace_iotadapter_v1_GetApplicationRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_iotadapter_v1_Application__Output>): grpc.ClientUnaryCall;
  getApplication(argument: _marketplace_iotadapter_v1_GetApplicationRequest, callback: grpc.requestCallback<_marketplace_iotadapter_v1_Application__Output>): grpc.ClientUnaryCall;
  
  /**
   * One device of the caller's organisation with its state; any other device is not-found.
   */
  GetDevice(argument: _marketplace_iotadapter_v1_GetDeviceRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_iotadapter_v1_Device__Output>): grpc.ClientUnaryCall;
  GetDevice(argument: _marketplace_iotadapter_v1_GetDeviceRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_marketplace_iotadapter_v1_Device__Output>): grpc.ClientUnaryCall;
  GetDevice(argument: _marketplace_iotadapter_v1_GetDeviceRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_iotadapter_v1_Device__Output>): grpc.ClientUnaryCall;
  GetDevice(argument: _marketplace_iotadapter_v1_GetDeviceRequest, callback: grpc.requestCallback<_marketplace_iotadapter_v1_Device__Output>): grpc.ClientUnaryCall;
  /**
   * One device of the caller's organisation with its state; any other device is not-found.
   */
  getDevice(argument: _marketplace_iotadapter_v1_GetDeviceRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_iotadapter_v1_Device__Output>): grpc.ClientUnaryCall;
  getDevice(argument: _marketplace_iotadapter_v1_GetDeviceRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_marketplace_iotadapter_v1_Device__Output>): grpc.ClientUnaryCall;
  getDevice(argument: _marketplace_iotadapter_v1_GetDeviceRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_iotadapter_v1_Device__Output>): grpc.ClientUnaryCall;
  getDevice(argument: _marketplace_iotadapter_v1_GetDeviceRequest, callback: grpc.requestCallback<_marketplace_iotadapter_v1_Device__Output>): grpc.ClientUnaryCall;
  
  /**
   * The organisation owning a device, for services checking a payment's device (purchases, calling as
   * itself); users are refused.
   */
  GetDeviceOwner(argument: _marketplace_iotadapter_v1_GetDeviceOwnerRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_iotadapter_v1_DeviceOwner__Output>): grpc.ClientUnaryCall;
  GetDeviceOwner(argument: _marketplace_iotadapter_v1_GetDeviceOwnerRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_marketplace_iotadapter_v1_DeviceOwner__Output>): grpc.ClientUnaryCall;
  GetDeviceOwner(argument: _marketplace_iotadapter_v1_GetDeviceOwnerRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_iotadapter_v1_DeviceOwner__Output>): grpc.ClientUnaryCall;
  GetDeviceOwner(argument: _marketplace_iotadapter_v1_GetDeviceOwnerRequest, callback: grpc.requestCallback<_marketplace_iotadapter_v1_DeviceOwner__Output>): grpc.ClientUnaryCall;
  /**
   * The organisation owning a device, for services checking a payment's device (purchases, calling as
   * itself); users are refused.
   */
  getDeviceOwner(argument: _marketplace_iotadapter_v1_GetDeviceOwnerRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_iotadapter_v1_DeviceOwner__Output>): grpc.ClientUnaryCall;
  getDeviceOwner(argument: _marketplace_iotadapter_v1_GetDeviceOwnerRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_marketplace_iotadapter_v1_DeviceOwner__Output>): grpc.ClientUnaryCall;
  getDeviceOwner(argument: _marketplace_iotadapter_v1_GetDeviceOwnerRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_iotadapter_v1_DeviceOwner__Output>): grpc.ClientUnaryCall;
  getDeviceOwner(argument: _marketplace_iotadapter_v1_GetDeviceOwnerRequest, callback: grpc.requestCallback<_marketplace_iotadapter_v1_DeviceOwner__Output>): grpc.ClientUnaryCall;
  
  GetRelease(argument: _marketplace_iotadapter_v1_GetReleaseRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_iotadapter_v1_Release__Output>): grpc.ClientUnaryCall;
  GetRelease(argument: _marketplace_iotadapter_v1_GetReleaseRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_marketplace_iotadapter_v1_Release__Output>): grpc.ClientUnaryCall;
  GetRelease(argument: _marketplace_iotadapter_v1_GetReleaseRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_iotadapter_v1_Release__Output>): grpc.ClientUnaryCall;
  GetRelease(argument: _marketplace_iotadapter_v1_GetReleaseRequest, callback: grpc.requestCallback<_marketplace_iotadapter_v1_Release__Output>): grpc.ClientUnaryCall;
  getRelease(argument: _marketplace_iotadapter_v1_GetReleaseRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_iotadapter_v1_Release__Output>): grpc.ClientUnaryCall;
  getRelease(argument: _marketplace_iotadapter_v1_GetReleaseRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_marketplace_iotadapter_v1_Release__Output>): grpc.ClientUnaryCall;
  getRelease(argument: _marketplace_iotadapter_v1_GetReleaseRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_iotadapter_v1_Release__Output>): grpc.ClientUnaryCall;
  getRelease(argument: _marketplace_iotadapter_v1_GetReleaseRequest, callback: grpc.requestCallback<_marketplace_iotadapter_v1_Release__Output>): grpc.ClientUnaryCall;
  
  ListApplications(argument: _marketplace_iotadapter_v1_ListApplicationsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_iotadapter_v1_ListApplicationsResponse__Output>): grpc.ClientUnaryCall;
  ListApplications(argument: _marketplace_iotadapter_v1_ListApplicationsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_marketplace_iotadapter_v1_ListApplicationsResponse__Output>): grpc.ClientUnaryCall;
  ListApplications(argument: _marketplace_iotadapter_v1_ListApplicationsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_iotadapter_v1_ListApplicationsResponse__Output>): grpc.ClientUnaryCall;
  ListApplications(argument: _marketplace_iotadapter_v1_ListApplicationsRequest, callback: grpc.requestCallback<_marketplace_iotadapter_v1_ListApplicationsResponse__Output>): grpc.ClientUnaryCall;
  listApplications(argument: _marketplace_iotadapter_v1_ListApplicationsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_iotadapter_v1_ListApplicationsResponse__Output>): grpc.ClientUnaryCall;
  listApplications(argument: _marketplace_iotadapter_v1_ListApplicationsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_marketplace_iotadapter_v1_ListApplicationsResponse__Output>): grpc.ClientUnaryCall;
  listApplications(argument: _marketplace_iotadapter_v1_ListApplicationsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_iotadapter_v1_ListApplicationsResponse__Output>): grpc.ClientUnaryCall;
  listApplications(argument: _marketplace_iotadapter_v1_ListApplicationsRequest, callback: grpc.requestCallback<_marketplace_iotadapter_v1_ListApplicationsResponse__Output>): grpc.ClientUnaryCall;
  
  /**
   * The caller organisation's devices with their state (the platform's order: created first).
   */
  ListDevices(argument: _marketplace_iotadapter_v1_ListDevicesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_iotadapter_v1_ListDevicesResponse__Output>): grpc.ClientUnaryCall;
  ListDevices(argument: _marketplace_iotadapter_v1_ListDevicesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_marketplace_iotadapter_v1_ListDevicesResponse__Output>): grpc.ClientUnaryCall;
  ListDevices(argument: _marketplace_iotadapter_v1_ListDevicesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_iotadapter_v1_ListDevicesResponse__Output>): grpc.ClientUnaryCall;
  ListDevices(argument: _marketplace_iotadapter_v1_ListDevicesRequest, callback: grpc.requestCallback<_marketplace_iotadapter_v1_ListDevicesResponse__Output>): grpc.ClientUnaryCall;
  /**
   * The caller organisation's devices with their state (the platform's order: created first).
   */
  listDevices(argument: _marketplace_iotadapter_v1_ListDevicesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_iotadapter_v1_ListDevicesResponse__Output>): grpc.ClientUnaryCall;
  listDevices(argument: _marketplace_iotadapter_v1_ListDevicesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_marketplace_iotadapter_v1_ListDevicesResponse__Output>): grpc.ClientUnaryCall;
  listDevices(argument: _marketplace_iotadapter_v1_ListDevicesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_iotadapter_v1_ListDevicesResponse__Output>): grpc.ClientUnaryCall;
  listDevices(argument: _marketplace_iotadapter_v1_ListDevicesRequest, callback: grpc.requestCallback<_marketplace_iotadapter_v1_ListDevicesResponse__Output>): grpc.ClientUnaryCall;
  
  ListReleases(argument: _marketplace_iotadapter_v1_ListReleasesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_iotadapter_v1_ListReleasesResponse__Output>): grpc.ClientUnaryCall;
  ListReleases(argument: _marketplace_iotadapter_v1_ListReleasesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_marketplace_iotadapter_v1_ListReleasesResponse__Output>): grpc.ClientUnaryCall;
  ListReleases(argument: _marketplace_iotadapter_v1_ListReleasesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_iotadapter_v1_ListReleasesResponse__Output>): grpc.ClientUnaryCall;
  ListReleases(argument: _marketplace_iotadapter_v1_ListReleasesRequest, callback: grpc.requestCallback<_marketplace_iotadapter_v1_ListReleasesResponse__Output>): grpc.ClientUnaryCall;
  listReleases(argument: _marketplace_iotadapter_v1_ListReleasesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_iotadapter_v1_ListReleasesResponse__Output>): grpc.ClientUnaryCall;
  listReleases(argument: _marketplace_iotadapter_v1_ListReleasesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_marketplace_iotadapter_v1_ListReleasesResponse__Output>): grpc.ClientUnaryCall;
  listReleases(argument: _marketplace_iotadapter_v1_ListReleasesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_iotadapter_v1_ListReleasesResponse__Output>): grpc.ClientUnaryCall;
  listReleases(argument: _marketplace_iotadapter_v1_ListReleasesRequest, callback: grpc.requestCallback<_marketplace_iotadapter_v1_ListReleasesResponse__Output>): grpc.ClientUnaryCall;
  
  /**
   * Queues the platform's application update of a device of the caller's organisation, idempotent per
   * install id, and tracks it: each status change is published as iot.install.status-changed.v1.
   * 409 invalid-state when the platform refuses (another update pending, board mismatch).
   */
  QueueInstall(argument: _marketplace_iotadapter_v1_QueueInstallRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_iotadapter_v1_QueuedInstall__Output>): grpc.ClientUnaryCall;
  QueueInstall(argument: _marketplace_iotadapter_v1_QueueInstallRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_marketplace_iotadapter_v1_QueuedInstall__Output>): grpc.ClientUnaryCall;
  QueueInstall(argument: _marketplace_iotadapter_v1_QueueInstallRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_iotadapter_v1_QueuedInstall__Output>): grpc.ClientUnaryCall;
  QueueInstall(argument: _marketplace_iotadapter_v1_QueueInstallRequest, callback: grpc.requestCallback<_marketplace_iotadapter_v1_QueuedInstall__Output>): grpc.ClientUnaryCall;
  /**
   * Queues the platform's application update of a device of the caller's organisation, idempotent per
   * install id, and tracks it: each status change is published as iot.install.status-changed.v1.
   * 409 invalid-state when the platform refuses (another update pending, board mismatch).
   */
  queueInstall(argument: _marketplace_iotadapter_v1_QueueInstallRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_iotadapter_v1_QueuedInstall__Output>): grpc.ClientUnaryCall;
  queueInstall(argument: _marketplace_iotadapter_v1_QueueInstallRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_marketplace_iotadapter_v1_QueuedInstall__Output>): grpc.ClientUnaryCall;
  queueInstall(argument: _marketplace_iotadapter_v1_QueueInstallRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_iotadapter_v1_QueuedInstall__Output>): grpc.ClientUnaryCall;
  queueInstall(argument: _marketplace_iotadapter_v1_QueueInstallRequest, callback: grpc.requestCallback<_marketplace_iotadapter_v1_QueuedInstall__Output>): grpc.ClientUnaryCall;
  
}

export interface IotAdapterServiceHandlers extends grpc.UntypedServiceImplementation {
  /**
   * Queues a copy of the release binary into object storage at a key the adapter derives from the caller's
   * organisation and the item release id, verified against the platform's length and CRC32 (sha256
   * recorded). Emits iot.release.stored.v1 or iot.release.copy-failed.v1 (reason: a fixed code).
   * Idempotent per (organisation, item release id).
   */
  CopyReleaseBinary: grpc.handleUnaryCall<_marketplace_iotadapter_v1_CopyReleaseBinaryRequest__Output, _marketplace_iotadapter_v1_CopyReleaseBinaryResponse>;
  
  GetApplication: grpc.handleUnaryCall<_marketplace_iotadapter_v1_GetApplicationRequest__Output, _marketplace_iotadapter_v1_Application>;
  
  /**
   * One device of the caller's organisation with its state; any other device is not-found.
   */
  GetDevice: grpc.handleUnaryCall<_marketplace_iotadapter_v1_GetDeviceRequest__Output, _marketplace_iotadapter_v1_Device>;
  
  /**
   * The organisation owning a device, for services checking a payment's device (purchases, calling as
   * itself); users are refused.
   */
  GetDeviceOwner: grpc.handleUnaryCall<_marketplace_iotadapter_v1_GetDeviceOwnerRequest__Output, _marketplace_iotadapter_v1_DeviceOwner>;
  
  GetRelease: grpc.handleUnaryCall<_marketplace_iotadapter_v1_GetReleaseRequest__Output, _marketplace_iotadapter_v1_Release>;
  
  ListApplications: grpc.handleUnaryCall<_marketplace_iotadapter_v1_ListApplicationsRequest__Output, _marketplace_iotadapter_v1_ListApplicationsResponse>;
  
  /**
   * The caller organisation's devices with their state (the platform's order: created first).
   */
  ListDevices: grpc.handleUnaryCall<_marketplace_iotadapter_v1_ListDevicesRequest__Output, _marketplace_iotadapter_v1_ListDevicesResponse>;
  
  ListReleases: grpc.handleUnaryCall<_marketplace_iotadapter_v1_ListReleasesRequest__Output, _marketplace_iotadapter_v1_ListReleasesResponse>;
  
  /**
   * Queues the platform's application update of a device of the caller's organisation, idempotent per
   * install id, and tracks it: each status change is published as iot.install.status-changed.v1.
   * 409 invalid-state when the platform refuses (another update pending, board mismatch).
   */
  QueueInstall: grpc.handleUnaryCall<_marketplace_iotadapter_v1_QueueInstallRequest__Output, _marketplace_iotadapter_v1_QueuedInstall>;
  
}

export interface IotAdapterServiceDefinition extends grpc.ServiceDefinition {
  CopyReleaseBinary: MethodDefinition<_marketplace_iotadapter_v1_CopyReleaseBinaryRequest, _marketplace_iotadapter_v1_CopyReleaseBinaryResponse, _marketplace_iotadapter_v1_CopyReleaseBinaryRequest__Output, _marketplace_iotadapter_v1_CopyReleaseBinaryResponse__Output>
  GetApplication: MethodDefinition<_marketplace_iotadapter_v1_GetApplicationRequest, _marketplace_iotadapter_v1_Application, _marketplace_iotadapter_v1_GetApplicationRequest__Output, _marketplace_iotadapter_v1_Application__Output>
  GetDevice: MethodDefinition<_marketplace_iotadapter_v1_GetDeviceRequest, _marketplace_iotadapter_v1_Device, _marketplace_iotadapter_v1_GetDeviceRequest__Output, _marketplace_iotadapter_v1_Device__Output>
  GetDeviceOwner: MethodDefinition<_marketplace_iotadapter_v1_GetDeviceOwnerRequest, _marketplace_iotadapter_v1_DeviceOwner, _marketplace_iotadapter_v1_GetDeviceOwnerRequest__Output, _marketplace_iotadapter_v1_DeviceOwner__Output>
  GetRelease: MethodDefinition<_marketplace_iotadapter_v1_GetReleaseRequest, _marketplace_iotadapter_v1_Release, _marketplace_iotadapter_v1_GetReleaseRequest__Output, _marketplace_iotadapter_v1_Release__Output>
  ListApplications: MethodDefinition<_marketplace_iotadapter_v1_ListApplicationsRequest, _marketplace_iotadapter_v1_ListApplicationsResponse, _marketplace_iotadapter_v1_ListApplicationsRequest__Output, _marketplace_iotadapter_v1_ListApplicationsResponse__Output>
  ListDevices: MethodDefinition<_marketplace_iotadapter_v1_ListDevicesRequest, _marketplace_iotadapter_v1_ListDevicesResponse, _marketplace_iotadapter_v1_ListDevicesRequest__Output, _marketplace_iotadapter_v1_ListDevicesResponse__Output>
  ListReleases: MethodDefinition<_marketplace_iotadapter_v1_ListReleasesRequest, _marketplace_iotadapter_v1_ListReleasesResponse, _marketplace_iotadapter_v1_ListReleasesRequest__Output, _marketplace_iotadapter_v1_ListReleasesResponse__Output>
  QueueInstall: MethodDefinition<_marketplace_iotadapter_v1_QueueInstallRequest, _marketplace_iotadapter_v1_QueuedInstall, _marketplace_iotadapter_v1_QueueInstallRequest__Output, _marketplace_iotadapter_v1_QueuedInstall__Output>
}

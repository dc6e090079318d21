// Original file: proto/marketplace/purchases/v1/purchases.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { CancelRolloutRequest as _marketplace_purchases_v1_CancelRolloutRequest, CancelRolloutRequest__Output as _marketplace_purchases_v1_CancelRolloutRequest__Output } from '../../../marketplace/purchases/v1/CancelRolloutRequest';
import type { CheckoutSession as _marketplace_purchases_v1_CheckoutSession, CheckoutSession__Output as _marketplace_purchases_v1_CheckoutSession__Output } from '../../../marketplace/purchases/v1/CheckoutSession';
import type { CreateCheckoutSessionRequest as _marketplace_purchases_v1_CreateCheckoutSessionRequest, CreateCheckoutSessionRequest__Output as _marketplace_purchases_v1_CreateCheckoutSessionRequest__Output } from '../../../marketplace/purchases/v1/CreateCheckoutSessionRequest';
import type { CreateRefundRequest as _marketplace_purchases_v1_CreateRefundRequest, CreateRefundRequest__Output as _marketplace_purchases_v1_CreateRefundRequest__Output } from '../../../marketplace/purchases/v1/CreateRefundRequest';
import type { CreateRolloutRequest as _marketplace_purchases_v1_CreateRolloutRequest, CreateRolloutRequest__Output as _marketplace_purchases_v1_CreateRolloutRequest__Output } from '../../../marketplace/purchases/v1/CreateRolloutRequest';
import type { DeviceDetails as _marketplace_purchases_v1_DeviceDetails, DeviceDetails__Output as _marketplace_purchases_v1_DeviceDetails__Output } from '../../../marketplace/purchases/v1/DeviceDetails';
import type { DownloadAccess as _marketplace_purchases_v1_DownloadAccess, DownloadAccess__Output as _marketplace_purchases_v1_DownloadAccess__Output } from '../../../marketplace/purchases/v1/DownloadAccess';
import type { GetDeviceDetailsRequest as _marketplace_purchases_v1_GetDeviceDetailsRequest, GetDeviceDetailsRequest__Output as _marketplace_purchases_v1_GetDeviceDetailsRequest__Output } from '../../../marketplace/purchases/v1/GetDeviceDetailsRequest';
import type { GetDownloadAccessRequest as _marketplace_purchases_v1_GetDownloadAccessRequest, GetDownloadAccessRequest__Output as _marketplace_purchases_v1_GetDownloadAccessRequest__Output } from '../../../marketplace/purchases/v1/GetDownloadAccessRequest';
import type { GetInstallRpcRequest as _marketplace_purchases_v1_GetInstallRpcRequest, GetInstallRpcRequest__Output as _marketplace_purchases_v1_GetInstallRpcRequest__Output } from '../../../marketplace/purchases/v1/GetInstallRpcRequest';
import type { GetRolloutRequest as _marketplace_purchases_v1_GetRolloutRequest, GetRolloutRequest__Output as _marketplace_purchases_v1_GetRolloutRequest__Output } from '../../../marketplace/purchases/v1/GetRolloutRequest';
import type { InstallRecord as _marketplace_purchases_v1_InstallRecord, InstallRecord__Output as _marketplace_purchases_v1_InstallRecord__Output } from '../../../marketplace/purchases/v1/InstallRecord';
import type { InstallRequest as _marketplace_purchases_v1_InstallRequest, InstallRequest__Output as _marketplace_purchases_v1_InstallRequest__Output } from '../../../marketplace/purchases/v1/InstallRequest';
import type { InstallRpc as _marketplace_purchases_v1_InstallRpc, InstallRpc__Output as _marketplace_purchases_v1_InstallRpc__Output } from '../../../marketplace/purchases/v1/InstallRpc';
import type { ListDevicesRequest as _marketplace_purchases_v1_ListDevicesRequest, ListDevicesRequest__Output as _marketplace_purchases_v1_ListDevicesRequest__Output } from '../../../marketplace/purchases/v1/ListDevicesRequest';
import type { ListDevicesResponse as _marketplace_purchases_v1_ListDevicesResponse, ListDevicesResponse__Output as _marketplace_purchases_v1_ListDevicesResponse__Output } from '../../../marketplace/purchases/v1/ListDevicesResponse';
import type { ListPurchaseActivityRequest as _marketplace_purchases_v1_ListPurchaseActivityRequest, ListPurchaseActivityRequest__Output as _marketplace_purchases_v1_ListPurchaseActivityRequest__Output } from '../../../marketplace/purchases/v1/ListPurchaseActivityRequest';
import type { ListPurchaseActivityResponse as _marketplace_purchases_v1_ListPurchaseActivityResponse, ListPurchaseActivityResponse__Output as _marketplace_purchases_v1_ListPurchaseActivityResponse__Output } from '../../../marketplace/purchases/v1/ListPurchaseActivityResponse';
import type { ListPurchaseReleasesRequest as _marketplace_purchases_v1_ListPurchaseReleasesRequest, ListPurchaseReleasesRequest__Output as _marketplace_purchases_v1_ListPurchaseReleasesRequest__Output } from '../../../marketplace/purchases/v1/ListPurchaseReleasesRequest';
import type { ListPurchaseReleasesResponse as _marketplace_purchases_v1_ListPurchaseReleasesResponse, ListPurchaseReleasesResponse__Output as _marketplace_purchases_v1_ListPurchaseReleasesResponse__Output } from '../../../marketplace/purchases/v1/ListPurchaseReleasesResponse';
import type { ListPurchasesRequest as _marketplace_purchases_v1_ListPurchasesRequest, ListPurchasesRequest__Output as _marketplace_purchases_v1_ListPurchasesRequest__Output } from '../../../marketplace/purchases/v1/ListPurchasesRequest';
import type { ListPurchasesResponse as _marketplace_purchases_v1_ListPurchasesResponse, ListPurchasesResponse__Output as _marketplace_purchases_v1_ListPurchasesResponse__Output } from '../../../marketplace/purchases/v1/ListPurchasesResponse';
import type { ListRolloutDevicesRequest as _marketplace_purchases_v1_ListRolloutDevicesRequest, ListRolloutDevicesRequest__Output as _marketplace_purchases_v1_ListRolloutDevicesRequest__Output } from '../../../marketplace/purchases/v1/ListRolloutDevicesRequest';
import type { ListRolloutDevicesResponse as _marketplace_purchases_v1_ListRolloutDevicesResponse, ListRolloutDevicesResponse__Output as _marketplace_purchases_v1_ListRolloutDevicesResponse__Output } from '../../../marketplace/purchases/v1/ListRolloutDevicesResponse';
import type { ListRolloutEventsRequest as _marketplace_purchases_v1_ListRolloutEventsRequest, ListRolloutEventsRequest__Output as _marketplace_purchases_v1_ListRolloutEventsRequest__Output } from '../../../marketplace/purchases/v1/ListRolloutEventsRequest';
import type { ListRolloutEventsResponse as _marketplace_purchases_v1_ListRolloutEventsResponse, ListRolloutEventsResponse__Output as _marketplace_purchases_v1_ListRolloutEventsResponse__Output } from '../../../marketplace/purchases/v1/ListRolloutEventsResponse';
import type { ListRolloutsRequest as _marketplace_purchases_v1_ListRolloutsRequest, ListRolloutsRequest__Output as _marketplace_purchases_v1_ListRolloutsRequest__Output } from '../../../marketplace/purchases/v1/ListRolloutsRequest';
import type { ListRolloutsResponse as _marketplace_purchases_v1_ListRolloutsResponse, ListRolloutsResponse__Output as _marketplace_purchases_v1_ListRolloutsResponse__Output } from '../../../marketplace/purchases/v1/ListRolloutsResponse';
import type { Refund as _marketplace_purchases_v1_Refund, Refund__Output as _marketplace_purchases_v1_Refund__Output } from '../../../marketplace/purchases/v1/Refund';
import type { ResumeRolloutRequest as _marketplace_purchases_v1_ResumeRolloutRequest, ResumeRolloutRequest__Output as _marketplace_purchases_v1_ResumeRolloutRequest__Output } from '../../../marketplace/purchases/v1/ResumeRolloutRequest';
import type { Rollout as _marketplace_purchases_v1_Rollout, Rollout__Output as _marketplace_purchases_v1_Rollout__Output } from '../../../marketplace/purchases/v1/Rollout';

/**
 * The provider's purchases and their activity, and download access to purchased releases; every call is
 * scoped to the caller's organisation.
 */
export interface PurchasesServiceClient extends grpc.Client {
  /**
   * Queued devices are cancelled; in-flight installs finish and are reported. invalid-state when final.
   */
  CancelRollout(argument: _marketplace_purchases_v1_CancelRolloutRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_purchases_v1_Rollout__Output>): grpc.ClientUnaryCall;
  CancelRollout(argument: _marketplace_purchases_v1_CancelRolloutRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_marketplace_purchases_v1_Rollout__Output>): grpc.ClientUnaryCall;
  CancelRollout(argument: _marketplace_purchases_v1_CancelRolloutRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_purchases_v1_Rollout__Output>): grpc.ClientUnaryCall;
  CancelRollout(argument: _marketplace_purchases_v1_CancelRolloutRequest, callback: grpc.requestCallback<_marketplace_purchases_v1_Rollout__Output>): grpc.ClientUnaryCall;
  /**
   * Queued devices are cancelled; in-flight installs finish and are reported. invalid-state when final.
   */
  cancelRollout(argument: _marketplace_purchases_v1_CancelRolloutRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_purchases_v1_Rollout__Output>): grpc.ClientUnaryCall;
  cancelRollout(argument: _marketplace_purchases_v1_CancelRolloutRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_marketplace_purchases_v1_Rollout__Output>): grpc.ClientUnaryCall;
  cancelRollout(argument: _marketplace_purchases_v1_CancelRolloutRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_purchases_v1_Rollout__Output>): grpc.ClientUnaryCall;
  cancelRollout(argument: _marketplace_purchases_v1_CancelRolloutRequest, callback: grpc.requestCallback<_marketplace_purchases_v1_Rollout__Output>): grpc.ClientUnaryCall;
  
  /**
   * A Stripe Checkout Session for one device to buy the caller's current listing of an item: not-listed
   * when the caller has no enabled listing of it in the instance, not-found for another organisation's
   * device, already-purchased when the device has a completed purchase of the item. The purchase itself
   * is made later, from Stripe's payment notifications.
   */
  CreateCheckoutSession(argument: _marketplace_purchases_v1_CreateCheckoutSessionRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_purchases_v1_CheckoutSession__Output>): grpc.ClientUnaryCall;
  CreateCheckoutSession(argument: _marketplace_purchases_v1_CreateCheckoutSessionRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_marketplace_purchases_v1_CheckoutSession__Output>): grpc.ClientUnaryCall;
  CreateCheckoutSession(argument: _marketplace_purchases_v1_CreateCheckoutSessionRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_purchases_v1_CheckoutSession__Output>): grpc.ClientUnaryCall;
  CreateCheckoutSession(argument: _marketplace_purchases_v1_CreateCheckoutSessionRequest, callback: grpc.requestCallback<_marketplace_purchases_v1_CheckoutSession__Output>): grpc.ClientUnaryCall;
  /**
   * A Stripe Checkout Session for one device to buy the caller's current listing of an item: not-listed
   * when the caller has no enabled listing of it in the instance, not-found for another organisation's
   * device, already-purchased when the device has a completed purchase of the item. The purchase itself
   * is made later, from Stripe's payment notifications.
   */
  createCheckoutSession(argument: _marketplace_purchases_v1_CreateCheckoutSessionRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_purchases_v1_CheckoutSession__Output>): grpc.ClientUnaryCall;
  createCheckoutSession(argument: _marketplace_purchases_v1_CreateCheckoutSessionRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_marketplace_purchases_v1_CheckoutSession__Output>): grpc.ClientUnaryCall;
  createCheckoutSession(argument: _marketplace_purchases_v1_CreateCheckoutSessionRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_purchases_v1_CheckoutSession__Output>): grpc.ClientUnaryCall;
  createCheckoutSession(argument: _marketplace_purchases_v1_CreateCheckoutSessionRequest, callback: grpc.requestCallback<_marketplace_purchases_v1_CheckoutSession__Output>): grpc.ClientUnaryCall;
  
  /**
   * A Stripe refund of (part of) a purchase of the caller's organisation: refund-exceeds-remaining above
   * what is left to refund. The purchase changes when Stripe's refund notification arrives.
   */
  CreateRefund(argument: _marketplace_purchases_v1_CreateRefundRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_purchases_v1_Refund__Output>): grpc.ClientUnaryCall;
  CreateRefund(argument: _marketplace_purchases_v1_CreateRefundRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_marketplace_purchases_v1_Refund__Output>): grpc.ClientUnaryCall;
  CreateRefund(argument: _marketplace_purchases_v1_CreateRefundRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_purchases_v1_Refund__Output>): grpc.ClientUnaryCall;
  CreateRefund(argument: _marketplace_purchases_v1_CreateRefundRequest, callback: grpc.requestCallback<_marketplace_purchases_v1_Refund__Output>): grpc.ClientUnaryCall;
  /**
   * A Stripe refund of (part of) a purchase of the caller's organisation: refund-exceeds-remaining above
   * what is left to refund. The purchase changes when Stripe's refund notification arrives.
   */
  createRefund(argument: _marketplace_purchases_v1_CreateRefundRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_purchases_v1_Refund__Output>): grpc.ClientUnaryCall;
  createRefund(argument: _marketplace_purchases_v1_CreateRefundRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_marketplace_purchases_v1_Refund__Output>): grpc.ClientUnaryCall;
  createRefund(argument: _marketplace_purchases_v1_CreateRefundRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_purchases_v1_Refund__Output>): grpc.ClientUnaryCall;
  createRefund(argument: _marketplace_purchases_v1_CreateRefundRequest, callback: grpc.requestCallback<_marketplace_purchases_v1_Refund__Output>): grpc.ClientUnaryCall;
  
  /**
   * A rollout of an item version over the caller's devices (rollouts.proto): eligible devices are queued
   * in waves, the others recorded as skipped with the reason.
   */
  CreateRollout(argument: _marketplace_purchases_v1_CreateRolloutRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_purchases_v1_Rollout__Output>): grpc.ClientUnaryCall;
  CreateRollout(argument: _marketplace_purchases_v1_CreateRolloutRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_marketplace_purchases_v1_Rollout__Output>): grpc.ClientUnaryCall;
  CreateRollout(argument: _marketplace_purchases_v1_CreateRolloutRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_purchases_v1_Rollout__Output>): grpc.ClientUnaryCall;
  CreateRollout(argument: _marketplace_purchases_v1_CreateRolloutRequest, callback: grpc.requestCallback<_marketplace_purchases_v1_Rollout__Output>): grpc.ClientUnaryCall;
  /**
   * A rollout of an item version over the caller's devices (rollouts.proto): eligible devices are queued
   * in waves, the others recorded as skipped with the reason.
   */
  createRollout(argument: _marketplace_purchases_v1_CreateRolloutRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_purchases_v1_Rollout__Output>): grpc.ClientUnaryCall;
  createRollout(argument: _marketplace_purchases_v1_CreateRolloutRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_marketplace_purchases_v1_Rollout__Output>): grpc.ClientUnaryCall;
  createRollout(argument: _marketplace_purchases_v1_CreateRolloutRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_purchases_v1_Rollout__Output>): grpc.ClientUnaryCall;
  createRollout(argument: _marketplace_purchases_v1_CreateRolloutRequest, callback: grpc.requestCallback<_marketplace_purchases_v1_Rollout__Output>): grpc.ClientUnaryCall;
  
  /**
   * A device of the organisation with at least one purchase; not-found otherwise.
   */
  GetDeviceDetails(argument: _marketplace_purchases_v1_GetDeviceDetailsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_purchases_v1_DeviceDetails__Output>): grpc.ClientUnaryCall;
  GetDeviceDetails(argument: _marketplace_purchases_v1_GetDeviceDetailsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_marketplace_purchases_v1_DeviceDetails__Output>): grpc.ClientUnaryCall;
  GetDeviceDetails(argument: _marketplace_purchases_v1_GetDeviceDetailsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_purchases_v1_DeviceDetails__Output>): grpc.ClientUnaryCall;
  GetDeviceDetails(argument: _marketplace_purchases_v1_GetDeviceDetailsRequest, callback: grpc.requestCallback<_marketplace_purchases_v1_DeviceDetails__Output>): grpc.ClientUnaryCall;
  /**
   * A device of the organisation with at least one purchase; not-found otherwise.
   */
  getDeviceDetails(argument: _marketplace_purchases_v1_GetDeviceDetailsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_purchases_v1_DeviceDetails__Output>): grpc.ClientUnaryCall;
  getDeviceDetails(argument: _marketplace_purchases_v1_GetDeviceDetailsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_marketplace_purchases_v1_DeviceDetails__Output>): grpc.ClientUnaryCall;
  getDeviceDetails(argument: _marketplace_purchases_v1_GetDeviceDetailsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_purchases_v1_DeviceDetails__Output>): grpc.ClientUnaryCall;
  getDeviceDetails(argument: _marketplace_purchases_v1_GetDeviceDetailsRequest, callback: grpc.requestCallback<_marketplace_purchases_v1_DeviceDetails__Output>): grpc.ClientUnaryCall;
  
  GetDownloadAccess(argument: _marketplace_purchases_v1_GetDownloadAccessRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_purchases_v1_DownloadAccess__Output>): grpc.ClientUnaryCall;
  GetDownloadAccess(argument: _marketplace_purchases_v1_GetDownloadAccessRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_marketplace_purchases_v1_DownloadAccess__Output>): grpc.ClientUnaryCall;
  GetDownloadAccess(argument: _marketplace_purchases_v1_GetDownloadAccessRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_purchases_v1_DownloadAccess__Output>): grpc.ClientUnaryCall;
  GetDownloadAccess(argument: _marketplace_purchases_v1_GetDownloadAccessRequest, callback: grpc.requestCallback<_marketplace_purchases_v1_DownloadAccess__Output>): grpc.ClientUnaryCall;
  getDownloadAccess(argument: _marketplace_purchases_v1_GetDownloadAccessRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_purchases_v1_DownloadAccess__Output>): grpc.ClientUnaryCall;
  getDownloadAccess(argument: _marketplace_purchases_v1_GetDownloadAccessRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_marketplace_purchases_v1_DownloadAccess__Output>): grpc.ClientUnaryCall;
  getDownloadAccess(argument: _marketplace_purchases_v1_GetDownloadAccessRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_purchases_v1_DownloadAccess__Output>): grpc.ClientUnaryCall;
  getDownloadAccess(argument: _marketplace_purchases_v1_GetDownloadAccessRequest, callback: grpc.requestCallback<_marketplace_purchases_v1_DownloadAccess__Output>): grpc.ClientUnaryCall;
  
  GetInstallRpc(argument: _marketplace_purchases_v1_GetInstallRpcRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_purchases_v1_InstallRpc__Output>): grpc.ClientUnaryCall;
  GetInstallRpc(argument: _marketplace_purchases_v1_GetInstallRpcRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_marketplace_purchases_v1_InstallRpc__Output>): grpc.ClientUnaryCall;
  GetInstallRpc(argument: _marketplace_purchases_v1_GetInstallRpcRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_purchases_v1_InstallRpc__Output>): grpc.ClientUnaryCall;
  GetInstallRpc(argument: _marketplace_purchases_v1_GetInstallRpcRequest, callback: grpc.requestCallback<_marketplace_purchases_v1_InstallRpc__Output>): grpc.ClientUnaryCall;
  getInstallRpc(argument: _marketplace_purchases_v1_GetInstallRpcRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_purchases_v1_InstallRpc__Output>): grpc.ClientUnaryCall;
  getInstallRpc(argument: _marketplace_purchases_v1_GetInstallRpcRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_marketplace_purchases_v1_InstallRpc__Output>): grpc.ClientUnaryCall;
  getInstallRpc(argument: _marketplace_purchases_v1_GetInstallRpcRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_purchases_v1_InstallRpc__Output>): grpc.ClientUnaryCall;
  getInstallRpc(argument: _marketplace_purchases_v1_GetInstallRpcRequest, callback: grpc.requestCallback<_marketplace_purchases_v1_InstallRpc__Output>): grpc.ClientUnaryCall;
  
  GetRollout(argument: _marketplace_purchases_v1_GetRolloutRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_purchases_v1_Rollout__Output>): grpc.ClientUnaryCall;
  GetRollout(argument: _marketplace_purchases_v1_GetRolloutRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_marketplace_purchases_v1_Rollout__Output>): grpc.ClientUnaryCall;
  GetRollout(argument: _marketplace_purchases_v1_GetRolloutRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_purchases_v1_Rollout__Output>): grpc.ClientUnaryCall;
  GetRollout(argument: _marketplace_purchases_v1_GetRolloutRequest, callback: grpc.requestCallback<_marketplace_purchases_v1_Rollout__Output>): grpc.ClientUnaryCall;
  getRollout(argument: _marketplace_purchases_v1_GetRolloutRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_purchases_v1_Rollout__Output>): grpc.ClientUnaryCall;
  getRollout(argument: _marketplace_purchases_v1_GetRolloutRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_marketplace_purchases_v1_Rollout__Output>): grpc.ClientUnaryCall;
  getRollout(argument: _marketplace_purchases_v1_GetRolloutRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_purchases_v1_Rollout__Output>): grpc.ClientUnaryCall;
  getRollout(argument: _marketplace_purchases_v1_GetRolloutRequest, callback: grpc.requestCallback<_marketplace_purchases_v1_Rollout__Output>): grpc.ClientUnaryCall;
  
  /**
   * Queues an install of a purchased item version; the in-flight install of the same device, item and
   * version is returned instead of a second one.
   */
  Install(argument: _marketplace_purchases_v1_InstallRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_purchases_v1_InstallRecord__Output>): grpc.ClientUnaryCall;
  Install(argument: _marketplace_purchases_v1_InstallRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_marketplace_purchases_v1_InstallRecord__Output>): grpc.ClientUnaryCall;
  Install(argument: _marketplace_purchases_v1_InstallRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_purchases_v1_InstallRecord__Output>): grpc.ClientUnaryCall;
  Install(argument: _marketplace_purchases_v1_InstallRequest, callback: grpc.requestCallback<_marketplace_purchases_v1_InstallRecord__Output>): grpc.ClientUnaryCall;
  /**
   * Queues an install of a purchased item version; the in-flight install of the same device, item and
   * version is returned instead of a second one.
   */
  install(argument: _marketplace_purchases_v1_InstallRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_purchases_v1_InstallRecord__Output>): grpc.ClientUnaryCall;
  install(argument: _marketplace_purchases_v1_InstallRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_marketplace_purchases_v1_InstallRecord__Output>): grpc.ClientUnaryCall;
  install(argument: _marketplace_purchases_v1_InstallRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_purchases_v1_InstallRecord__Output>): grpc.ClientUnaryCall;
  install(argument: _marketplace_purchases_v1_InstallRequest, callback: grpc.requestCallback<_marketplace_purchases_v1_InstallRecord__Output>): grpc.ClientUnaryCall;
  
  /**
   * The organisation's devices (from the IoT platform) with their purchase counts.
   */
  ListDevices(argument: _marketplace_purchases_v1_ListDevicesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_purchases_v1_ListDevicesResponse__Output>): grpc.ClientUnaryCall;
  ListDevices(argument: _marketplace_purchases_v1_ListDevicesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_marketplace_purchases_v1_ListDevicesResponse__Output>): grpc.ClientUnaryCall;
  ListDevices(argument: _marketplace_purchases_v1_ListDevicesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_purchases_v1_ListDevicesResponse__Output>): grpc.ClientUnaryCall;
  ListDevices(argument: _marketplace_purchases_v1_ListDevicesRequest, callback: grpc.requestCallback<_marketplace_purchases_v1_ListDevicesResponse__Output>): grpc.ClientUnaryCall;
  /**
   * The organisation's devices (from the IoT platform) with their purchase counts.
   */
  listDevices(argument: _marketplace_purchases_v1_ListDevicesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_purchases_v1_ListDevicesResponse__Output>): grpc.ClientUnaryCall;
  listDevices(argument: _marketplace_purchases_v1_ListDevicesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_marketplace_purchases_v1_ListDevicesResponse__Output>): grpc.ClientUnaryCall;
  listDevices(argument: _marketplace_purchases_v1_ListDevicesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_purchases_v1_ListDevicesResponse__Output>): grpc.ClientUnaryCall;
  listDevices(argument: _marketplace_purchases_v1_ListDevicesRequest, callback: grpc.requestCallback<_marketplace_purchases_v1_ListDevicesResponse__Output>): grpc.ClientUnaryCall;
  
  ListPurchaseActivity(argument: _marketplace_purchases_v1_ListPurchaseActivityRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_purchases_v1_ListPurchaseActivityResponse__Output>): grpc.ClientUnaryCall;
  ListPurchaseActivity(argument: _marketplace_purchases_v1_ListPurchaseActivityRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_marketplace_purchases_v1_ListPurchaseActivityResponse__Output>): grpc.ClientUnaryCall;
  ListPurchaseActivity(argument: _marketplace_purchases_v1_ListPurchaseActivityRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_purchases_v1_ListPurchaseActivityResponse__Output>): grpc.ClientUnaryCall;
  ListPurchaseActivity(argument: _marketplace_purchases_v1_ListPurchaseActivityRequest, callback: grpc.requestCallback<_marketplace_purchases_v1_ListPurchaseActivityResponse__Output>): grpc.ClientUnaryCall;
  listPurchaseActivity(argument: _marketplace_purchases_v1_ListPurchaseActivityRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_purchases_v1_ListPurchaseActivityResponse__Output>): grpc.ClientUnaryCall;
  listPurchaseActivity(argument: _marketplace_purchases_v1_ListPurchaseActivityRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_marketplace_purchases_v1_ListPurchaseActivityResponse__Output>): grpc.ClientUnaryCall;
  listPurchaseActivity(argument: _marketplace_purchases_v1_ListPurchaseActivityRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_purchases_v1_ListPurchaseActivityResponse__Output>): grpc.ClientUnaryCall;
  listPurchaseActivity(argument: _marketplace_purchases_v1_ListPurchaseActivityRequest, callback: grpc.requestCallback<_marketplace_purchases_v1_ListPurchaseActivityResponse__Output>): grpc.ClientUnaryCall;
  
  /**
   * The releases of a purchased item with their compatibility with the device.
   */
  ListPurchaseReleases(argument: _marketplace_purchases_v1_ListPurchaseReleasesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_purchases_v1_ListPurchaseReleasesResponse__Output>): grpc.ClientUnaryCall;
  ListPurchaseReleases(argument: _marketplace_purchases_v1_ListPurchaseReleasesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_marketplace_purchases_v1_ListPurchaseReleasesResponse__Output>): grpc.ClientUnaryCall;
  ListPurchaseReleases(argument: _marketplace_purchases_v1_ListPurchaseReleasesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_purchases_v1_ListPurchaseReleasesResponse__Output>): grpc.ClientUnaryCall;
  ListPurchaseReleases(argument: _marketplace_purchases_v1_ListPurchaseReleasesRequest, callback: grpc.requestCallback<_marketplace_purchases_v1_ListPurchaseReleasesResponse__Output>): grpc.ClientUnaryCall;
  /**
   * The releases of a purchased item with their compatibility with the device.
   */
  listPurchaseReleases(argument: _marketplace_purchases_v1_ListPurchaseReleasesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_purchases_v1_ListPurchaseReleasesResponse__Output>): grpc.ClientUnaryCall;
  listPurchaseReleases(argument: _marketplace_purchases_v1_ListPurchaseReleasesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_marketplace_purchases_v1_ListPurchaseReleasesResponse__Output>): grpc.ClientUnaryCall;
  listPurchaseReleases(argument: _marketplace_purchases_v1_ListPurchaseReleasesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_purchases_v1_ListPurchaseReleasesResponse__Output>): grpc.ClientUnaryCall;
  listPurchaseReleases(argument: _marketplace_purchases_v1_ListPurchaseReleasesRequest, callback: grpc.requestCallback<_marketplace_purchases_v1_ListPurchaseReleasesResponse__Output>): grpc.ClientUnaryCall;
  
  ListPurchases(argument: _marketplace_purchases_v1_ListPurchasesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_purchases_v1_ListPurchasesResponse__Output>): grpc.ClientUnaryCall;
  ListPurchases(argument: _marketplace_purchases_v1_ListPurchasesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_marketplace_purchases_v1_ListPurchasesResponse__Output>): grpc.ClientUnaryCall;
  ListPurchases(argument: _marketplace_purchases_v1_ListPurchasesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_purchases_v1_ListPurchasesResponse__Output>): grpc.ClientUnaryCall;
  ListPurchases(argument: _marketplace_purchases_v1_ListPurchasesRequest, callback: grpc.requestCallback<_marketplace_purchases_v1_ListPurchasesResponse__Output>): grpc.ClientUnaryCall;
  listPurchases(argument: _marketplace_purchases_v1_ListPurchasesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_purchases_v1_ListPurchasesResponse__Output>): grpc.ClientUnaryCall;
  listPurchases(argument: _marketplace_purchases_v1_ListPurchasesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_marketplace_purchases_v1_ListPurchasesResponse__Output>): grpc.ClientUnaryCall;
  listPurchases(argument: _marketplace_purchases_v1_ListPurchasesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_purchases_v1_ListPurchasesResponse__Output>): grpc.ClientUnaryCall;
  listPurchases(argument: _marketplace_purchases_v1_ListPurchasesRequest, callback: grpc.requestCallback<_marketplace_purchases_v1_ListPurchasesResponse__Output>): grpc.ClientUnaryCall;
  
  ListRolloutDevices(argument: _marketplace_purchases_v1_ListRolloutDevicesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_purchases_v1_ListRolloutDevicesResponse__Output>): grpc.ClientUnaryCall;
  ListRolloutDevices(argument: _marketplace_purchases_v1_ListRolloutDevicesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_marketplace_purchases_v1_ListRolloutDevicesResponse__Output>): grpc.ClientUnaryCall;
  ListRolloutDevices(argument: _marketplace_purchases_v1_ListRolloutDevicesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_purchases_v1_ListRolloutDevicesResponse__Output>): grpc.ClientUnaryCall;
  ListRolloutDevices(argument: _marketplace_purchases_v1_ListRolloutDevicesRequest, callback: grpc.requestCallback<_marketplace_purchases_v1_ListRolloutDevicesResponse__Output>): grpc.ClientUnaryCall;
  listRolloutDevices(argument: _marketplace_purchases_v1_ListRolloutDevicesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_purchases_v1_ListRolloutDevicesResponse__Output>): grpc.ClientUnaryCall;
  listRolloutDevices(argument: _marketplace_purchases_v1_ListRolloutDevicesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_marketplace_purchases_v1_ListRolloutDevicesResponse__Output>): grpc.ClientUnaryCall;
  listRolloutDevices(argument: _marketplace_purchases_v1_ListRolloutDevicesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_purchases_v1_ListRolloutDevicesResponse__Output>): grpc.ClientUnaryCall;
  listRolloutDevices(argument: _marketplace_purchases_v1_ListRolloutDevicesRequest, callback: grpc.requestCallback<_marketplace_purchases_v1_ListRolloutDevicesResponse__Output>): grpc.ClientUnaryCall;
  
  /**
   * The rollout's progress events after an id, oldest first, with its status (the gateway's SSE stream).
   */
  ListRolloutEvents(argument: _marketplace_purchases_v1_ListRolloutEventsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_purchases_v1_ListRolloutEventsResponse__Output>): grpc.ClientUnaryCall;
  ListRolloutEvents(argument: _marketplace_purchases_v1_ListRolloutEventsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_marketplace_purchases_v1_ListRolloutEventsResponse__Output>): grpc.ClientUnaryCall;
  ListRolloutEvents(argument: _marketplace_purchases_v1_ListRolloutEventsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_purchases_v1_ListRolloutEventsResponse__Output>): grpc.ClientUnaryCall;
  ListRolloutEvents(argument: _marketplace_purchases_v1_ListRolloutEventsRequest, callback: grpc.requestCallback<_marketplace_purchases_v1_ListRolloutEventsResponse__Output>): grpc.ClientUnaryCall;
  /**
   * The rollout's progress events after an id, oldest first, with its status (the gateway's SSE stream).
   */
  listRolloutEvents(argument: _marketplace_purchases_v1_ListRolloutEventsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_purchases_v1_ListRolloutEventsResponse__Output>): grpc.ClientUnaryCall;
  listRolloutEvents(argument: _marketplace_purchases_v1_ListRolloutEventsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_marketplace_purchases_v1_ListRolloutEventsResponse__Output>): grpc.ClientUnaryCall;
  listRolloutEvents(argument: _marketplace_purchases_v1_ListRolloutEventsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_purchases_v1_ListRolloutEventsResponse__Output>): grpc.ClientUnaryCall;
  listRolloutEvents(argument: _marketplace_purchases_v1_ListRolloutEventsRequest, callback: grpc.requestCallback<_marketplace_purchases_v1_ListRolloutEventsResponse__Output>): grpc.ClientUnaryCall;
  
  ListRollouts(argument: _marketplace_purchases_v1_ListRolloutsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_purchases_v1_ListRolloutsResponse__Output>): grpc.ClientUnaryCall;
  ListRollouts(argument: _marketplace_purchases_v1_ListRolloutsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_marketplace_purchases_v1_ListRolloutsResponse__Output>): grpc.ClientUnaryCall;
  ListRollouts(argument: _marketplace_purchases_v1_ListRolloutsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_purchases_v1_ListRolloutsResponse__Output>): grpc.ClientUnaryCall;
  ListRollouts(argument: _marketplace_purchases_v1_ListRolloutsRequest, callback: grpc.requestCallback<_marketplace_purchases_v1_ListRolloutsResponse__Output>): grpc.ClientUnaryCall;
  listRollouts(argument: _marketplace_purchases_v1_ListRolloutsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_purchases_v1_ListRolloutsResponse__Output>): grpc.ClientUnaryCall;
  listRollouts(argument: _marketplace_purchases_v1_ListRolloutsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_marketplace_purchases_v1_ListRolloutsResponse__Output>): grpc.ClientUnaryCall;
  listRollouts(argument: _marketplace_purchases_v1_ListRolloutsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_purchases_v1_ListRolloutsResponse__Output>): grpc.ClientUnaryCall;
  listRollouts(argument: _marketplace_purchases_v1_ListRolloutsRequest, callback: grpc.requestCallback<_marketplace_purchases_v1_ListRolloutsResponse__Output>): grpc.ClientUnaryCall;
  
  /**
   * A paused rollout runs again; invalid-state otherwise.
   */
  ResumeRollout(argument: _marketplace_purchases_v1_ResumeRolloutRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_purchases_v1_Rollout__Output>): grpc.ClientUnaryCall;
  ResumeRollout(argument: _marketplace_purchases_v1_ResumeRolloutRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_marketplace_purchases_v1_Rollout__Output>): grpc.ClientUnaryCall;
  ResumeRollout(argument: _marketplace_purchases_v1_ResumeRolloutRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_purchases_v1_Rollout__Output>): grpc.ClientUnaryCall;
  ResumeRollout(argument: _marketplace_purchases_v1_ResumeRolloutRequest, callback: grpc.requestCallback<_marketplace_purchases_v1_Rollout__Output>): grpc.ClientUnaryCall;
  /**
   * A paused rollout runs again; invalid-state otherwise.
   */
  resumeRollout(argument: _marketplace_purchases_v1_ResumeRolloutRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_purchases_v1_Rollout__Output>): grpc.ClientUnaryCall;
  resumeRollout(argument: _marketplace_purchases_v1_ResumeRolloutRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_marketplace_purchases_v1_Rollout__Output>): grpc.ClientUnaryCall;
  resumeRollout(argument: _marketplace_purchases_v1_ResumeRolloutRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_purchases_v1_Rollout__Output>): grpc.ClientUnaryCall;
  resumeRollout(argument: _marketplace_purchases_v1_ResumeRolloutRequest, callback: grpc.requestCallback<_marketplace_purchases_v1_Rollout__Output>): grpc.ClientUnaryCall;
  
}

/**
 * The provider's purchases and their activity, and download access to purchased releases; every call is
 * scoped to the caller's organisation.
 */
export interface PurchasesServiceHandlers extends grpc.UntypedServiceImplementation {
  /**
   * Queued devices are cancelled; in-flight installs finish and are reported. invalid-state when final.
   */
  CancelRollout: grpc.handleUnaryCall<_marketplace_purchases_v1_CancelRolloutRequest__Output, _marketplace_purchases_v1_Rollout>;
  
  /**
   * A Stripe Checkout Session for one device to buy the caller's current listing of an item: not-listed
   * when the caller has no enabled listing of it in the instance, not-found for another organisation's
   * device, already-purchased when the device has a completed purchase of the item. The purchase itself
   * is made later, from Stripe's payment notifications.
   */
  CreateCheckoutSession: grpc.handleUnaryCall<_marketplace_purchases_v1_CreateCheckoutSessionRequest__Output, _marketplace_purchases_v1_CheckoutSession>;
  
  /**
   * A Stripe refund of (part of) a purchase of the caller's organisation: refund-exceeds-remaining above
   * what is left to refund. The purchase changes when Stripe's refund notification arrives.
   */
  CreateRefund: grpc.handleUnaryCall<_marketplace_purchases_v1_CreateRefundRequest__Output, _marketplace_purchases_v1_Refund>;
  
  /**
   * A rollout of an item version over the caller's devices (rollouts.proto): eligible devices are queued
   * in waves, the others recorded as skipped with the reason.
   */
  CreateRollout: grpc.handleUnaryCall<_marketplace_purchases_v1_CreateRolloutRequest__Output, _marketplace_purchases_v1_Rollout>;
  
  /**
   * A device of the organisation with at least one purchase; not-found otherwise.
   */
  GetDeviceDetails: grpc.handleUnaryCall<_marketplace_purchases_v1_GetDeviceDetailsRequest__Output, _marketplace_purchases_v1_DeviceDetails>;
  
  GetDownloadAccess: grpc.handleUnaryCall<_marketplace_purchases_v1_GetDownloadAccessRequest__Output, _marketplace_purchases_v1_DownloadAccess>;
  
  GetInstallRpc: grpc.handleUnaryCall<_marketplace_purchases_v1_GetInstallRpcRequest__Output, _marketplace_purchases_v1_InstallRpc>;
  
  GetRollout: grpc.handleUnaryCall<_marketplace_purchases_v1_GetRolloutRequest__Output, _marketplace_purchases_v1_Rollout>;
  
  /**
   * Queues an install of a purchased item version; the in-flight install of the same device, item and
   * version is returned instead of a second one.
   */
  Install: grpc.handleUnaryCall<_marketplace_purchases_v1_InstallRequest__Output, _marketplace_purchases_v1_InstallRecord>;
  
  /**
   * The organisation's devices (from the IoT platform) with their purchase counts.
   */
  ListDevices: grpc.handleUnaryCall<_marketplace_purchases_v1_ListDevicesRequest__Output, _marketplace_purchases_v1_ListDevicesResponse>;
  
  ListPurchaseActivity: grpc.handleUnaryCall<_marketplace_purchases_v1_ListPurchaseActivityRequest__Output, _marketplace_purchases_v1_ListPurchaseActivityResponse>;
  
  /**
   * The releases of a purchased item with their compatibility with the device.
   */
  ListPurchaseReleases: grpc.handleUnaryCall<_marketplace_purchases_v1_ListPurchaseReleasesRequest__Output, _marketplace_purchases_v1_ListPurchaseReleasesResponse>;
  
  ListPurchases: grpc.handleUnaryCall<_marketplace_purchases_v1_ListPurchasesRequest__Output, _marketplace_purchases_v1_ListPurchasesResponse>;
  
  ListRolloutDevices: grpc.handleUnaryCall<_marketplace_purchases_v1_ListRolloutDevicesRequest__Output, _marketplace_purchases_v1_ListRolloutDevicesResponse>;
  
  /**
   * The rollout's progress events after an id, oldest first, with its status (the gateway's SSE stream).
   */
  ListRolloutEvents: grpc.handleUnaryCall<_marketplace_purchases_v1_ListRolloutEventsRequest__Output, _marketplace_purchases_v1_ListRolloutEventsResponse>;
  
  ListRollouts: grpc.handleUnaryCall<_marketplace_purchases_v1_ListRolloutsRequest__Output, _marketplace_purchases_v1_ListRolloutsResponse>;
  
  /**
   * A paused rollout runs again; invalid-state otherwise.
   */
  ResumeRollout: grpc.handleUnaryCall<_marketplace_purchases_v1_ResumeRolloutRequest__Output, _marketplace_purchases_v1_Rollout>;
  
}

export interface PurchasesServiceDefinition extends grpc.ServiceDefinition {
  CancelRollout: MethodDefinition<_marketplace_purchases_v1_CancelRolloutRequest, _marketplace_purchases_v1_Rollout, _marketplace_purchases_v1_CancelRolloutRequest__Output, _marketplace_purchases_v1_Rollout__Output>
  CreateCheckoutSession: MethodDefinition<_marketplace_purchases_v1_CreateCheckoutSessionRequest, _marketplace_purchases_v1_CheckoutSession, _marketplace_purchases_v1_CreateCheckoutSessionRequest__Output, _marketplace_purchases_v1_CheckoutSession__Output>
  CreateRefund: MethodDefinition<_marketplace_purchases_v1_CreateRefundRequest, _marketplace_purchases_v1_Refund, _marketplace_purchases_v1_CreateRefundRequest__Output, _marketplace_purchases_v1_Refund__Output>
  CreateRollout: MethodDefinition<_marketplace_purchases_v1_CreateRolloutRequest, _marketplace_purchases_v1_Rollout, _marketplace_purchases_v1_CreateRolloutRequest__Output, _marketplace_purchases_v1_Rollout__Output>
  GetDeviceDetails: MethodDefinition<_marketplace_purchases_v1_GetDeviceDetailsRequest, _marketplace_purchases_v1_DeviceDetails, _marketplace_purchases_v1_GetDeviceDetailsRequest__Output, _marketplace_purchases_v1_DeviceDetails__Output>
  GetDownloadAccess: MethodDefinition<_marketplace_purchases_v1_GetDownloadAccessRequest, _marketplace_purchases_v1_DownloadAccess, _marketplace_purchases_v1_GetDownloadAccessRequest__Output, _marketplace_purchases_v1_DownloadAccess__Output>
  GetInstallRpc: MethodDefinition<_marketplace_purchases_v1_GetInstallRpcRequest, _marketplace_purchases_v1_InstallRpc, _marketplace_purchases_v1_GetInstallRpcRequest__Output, _marketplace_purchases_v1_InstallRpc__Output>
  GetRollout: MethodDefinition<_marketplace_purchases_v1_GetRolloutRequest, _marketplace_purchases_v1_Rollout, _marketplace_purchases_v1_GetRolloutRequest__Output, _marketplace_purchases_v1_Rollout__Output>
  Install: MethodDefinition<_marketplace_purchases_v1_InstallRequest, _marketplace_purchases_v1_InstallRecord, _marketplace_purchases_v1_InstallRequest__Output, _marketplace_purchases_v1_InstallRecord__Output>
  ListDevices: MethodDefinition<_marketplace_purchases_v1_ListDevicesRequest, _marketplace_purchases_v1_ListDevicesResponse, _marketplace_purchases_v1_ListDevicesRequest__Output, _marketplace_purchases_v1_ListDevicesResponse__Output>
  ListPurchaseActivity: MethodDefinition<_marketplace_purchases_v1_ListPurchaseActivityRequest, _marketplace_purchases_v1_ListPurchaseActivityResponse, _marketplace_purchases_v1_ListPurchaseActivityRequest__Output, _marketplace_purchases_v1_ListPurchaseActivityResponse__Output>
  ListPurchaseReleases: MethodDefinition<_marketplace_purchases_v1_ListPurchaseReleasesRequest, _marketplace_purchases_v1_ListPurchaseReleasesResponse, _marketplace_purchases_v1_ListPurchaseReleasesRequest__Output, _marketplace_purchases_v1_ListPurchaseReleasesResponse__Output>
  ListPurchases: MethodDefinition<_marketplace_purchases_v1_ListPurchasesRequest, _marketplace_purchases_v1_ListPurchasesResponse, _marketplace_purchases_v1_ListPurchasesRequest__Output, _marketplace_purchases_v1_ListPurchasesResponse__Output>
  ListRolloutDevices: MethodDefinition<_marketplace_purchases_v1_ListRolloutDevicesRequest, _marketplace_purchases_v1_ListRolloutDevicesResponse, _marketplace_purchases_v1_ListRolloutDevicesRequest__Output, _marketplace_purchases_v1_ListRolloutDevicesResponse__Output>
  ListRolloutEvents: MethodDefinition<_marketplace_purchases_v1_ListRolloutEventsRequest, _marketplace_purchases_v1_ListRolloutEventsResponse, _marketplace_purchases_v1_ListRolloutEventsRequest__Output, _marketplace_purchases_v1_ListRolloutEventsResponse__Output>
  ListRollouts: MethodDefinition<_marketplace_purchases_v1_ListRolloutsRequest, _marketplace_purchases_v1_ListRolloutsResponse, _marketplace_purchases_v1_ListRolloutsRequest__Output, _marketplace_purchases_v1_ListRolloutsResponse__Output>
  ResumeRollout: MethodDefinition<_marketplace_purchases_v1_ResumeRolloutRequest, _marketplace_purchases_v1_Rollout, _marketplace_purchases_v1_ResumeRolloutRequest__Output, _marketplace_purchases_v1_Rollout__Output>
}

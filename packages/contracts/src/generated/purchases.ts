import type * as grpc from '@grpc/grpc-js';
import type { MessageTypeDefinition } from '@grpc/proto-loader';

import type { ActivityEntry as _marketplace_purchases_v1_ActivityEntry, ActivityEntry__Output as _marketplace_purchases_v1_ActivityEntry__Output } from './marketplace/purchases/v1/ActivityEntry';
import type { CancelRolloutRequest as _marketplace_purchases_v1_CancelRolloutRequest, CancelRolloutRequest__Output as _marketplace_purchases_v1_CancelRolloutRequest__Output } from './marketplace/purchases/v1/CancelRolloutRequest';
import type { CheckoutSession as _marketplace_purchases_v1_CheckoutSession, CheckoutSession__Output as _marketplace_purchases_v1_CheckoutSession__Output } from './marketplace/purchases/v1/CheckoutSession';
import type { CreateCheckoutSessionRequest as _marketplace_purchases_v1_CreateCheckoutSessionRequest, CreateCheckoutSessionRequest__Output as _marketplace_purchases_v1_CreateCheckoutSessionRequest__Output } from './marketplace/purchases/v1/CreateCheckoutSessionRequest';
import type { CreateRefundRequest as _marketplace_purchases_v1_CreateRefundRequest, CreateRefundRequest__Output as _marketplace_purchases_v1_CreateRefundRequest__Output } from './marketplace/purchases/v1/CreateRefundRequest';
import type { CreateRolloutRequest as _marketplace_purchases_v1_CreateRolloutRequest, CreateRolloutRequest__Output as _marketplace_purchases_v1_CreateRolloutRequest__Output } from './marketplace/purchases/v1/CreateRolloutRequest';
import type { Device as _marketplace_purchases_v1_Device, Device__Output as _marketplace_purchases_v1_Device__Output } from './marketplace/purchases/v1/Device';
import type { DeviceApplication as _marketplace_purchases_v1_DeviceApplication, DeviceApplication__Output as _marketplace_purchases_v1_DeviceApplication__Output } from './marketplace/purchases/v1/DeviceApplication';
import type { DeviceBoard as _marketplace_purchases_v1_DeviceBoard, DeviceBoard__Output as _marketplace_purchases_v1_DeviceBoard__Output } from './marketplace/purchases/v1/DeviceBoard';
import type { DeviceDetails as _marketplace_purchases_v1_DeviceDetails, DeviceDetails__Output as _marketplace_purchases_v1_DeviceDetails__Output } from './marketplace/purchases/v1/DeviceDetails';
import type { Download as _marketplace_purchases_v1_Download, Download__Output as _marketplace_purchases_v1_Download__Output } from './marketplace/purchases/v1/Download';
import type { DownloadAccess as _marketplace_purchases_v1_DownloadAccess, DownloadAccess__Output as _marketplace_purchases_v1_DownloadAccess__Output } from './marketplace/purchases/v1/DownloadAccess';
import type { GetDeviceDetailsRequest as _marketplace_purchases_v1_GetDeviceDetailsRequest, GetDeviceDetailsRequest__Output as _marketplace_purchases_v1_GetDeviceDetailsRequest__Output } from './marketplace/purchases/v1/GetDeviceDetailsRequest';
import type { GetDownloadAccessRequest as _marketplace_purchases_v1_GetDownloadAccessRequest, GetDownloadAccessRequest__Output as _marketplace_purchases_v1_GetDownloadAccessRequest__Output } from './marketplace/purchases/v1/GetDownloadAccessRequest';
import type { GetInstallRpcRequest as _marketplace_purchases_v1_GetInstallRpcRequest, GetInstallRpcRequest__Output as _marketplace_purchases_v1_GetInstallRpcRequest__Output } from './marketplace/purchases/v1/GetInstallRpcRequest';
import type { GetRolloutRequest as _marketplace_purchases_v1_GetRolloutRequest, GetRolloutRequest__Output as _marketplace_purchases_v1_GetRolloutRequest__Output } from './marketplace/purchases/v1/GetRolloutRequest';
import type { InstallRecord as _marketplace_purchases_v1_InstallRecord, InstallRecord__Output as _marketplace_purchases_v1_InstallRecord__Output } from './marketplace/purchases/v1/InstallRecord';
import type { InstallRequest as _marketplace_purchases_v1_InstallRequest, InstallRequest__Output as _marketplace_purchases_v1_InstallRequest__Output } from './marketplace/purchases/v1/InstallRequest';
import type { InstallRpc as _marketplace_purchases_v1_InstallRpc, InstallRpc__Output as _marketplace_purchases_v1_InstallRpc__Output } from './marketplace/purchases/v1/InstallRpc';
import type { InstallStep as _marketplace_purchases_v1_InstallStep, InstallStep__Output as _marketplace_purchases_v1_InstallStep__Output } from './marketplace/purchases/v1/InstallStep';
import type { ListDevicesRequest as _marketplace_purchases_v1_ListDevicesRequest, ListDevicesRequest__Output as _marketplace_purchases_v1_ListDevicesRequest__Output } from './marketplace/purchases/v1/ListDevicesRequest';
import type { ListDevicesResponse as _marketplace_purchases_v1_ListDevicesResponse, ListDevicesResponse__Output as _marketplace_purchases_v1_ListDevicesResponse__Output } from './marketplace/purchases/v1/ListDevicesResponse';
import type { ListPurchaseActivityRequest as _marketplace_purchases_v1_ListPurchaseActivityRequest, ListPurchaseActivityRequest__Output as _marketplace_purchases_v1_ListPurchaseActivityRequest__Output } from './marketplace/purchases/v1/ListPurchaseActivityRequest';
import type { ListPurchaseActivityResponse as _marketplace_purchases_v1_ListPurchaseActivityResponse, ListPurchaseActivityResponse__Output as _marketplace_purchases_v1_ListPurchaseActivityResponse__Output } from './marketplace/purchases/v1/ListPurchaseActivityResponse';
import type { ListPurchaseReleasesRequest as _marketplace_purchases_v1_ListPurchaseReleasesRequest, ListPurchaseReleasesRequest__Output as _marketplace_purchases_v1_ListPurchaseReleasesRequest__Output } from './marketplace/purchases/v1/ListPurchaseReleasesRequest';
import type { ListPurchaseReleasesResponse as _marketplace_purchases_v1_ListPurchaseReleasesResponse, ListPurchaseReleasesResponse__Output as _marketplace_purchases_v1_ListPurchaseReleasesResponse__Output } from './marketplace/purchases/v1/ListPurchaseReleasesResponse';
import type { ListPurchasesRequest as _marketplace_purchases_v1_ListPurchasesRequest, ListPurchasesRequest__Output as _marketplace_purchases_v1_ListPurchasesRequest__Output } from './marketplace/purchases/v1/ListPurchasesRequest';
import type { ListPurchasesResponse as _marketplace_purchases_v1_ListPurchasesResponse, ListPurchasesResponse__Output as _marketplace_purchases_v1_ListPurchasesResponse__Output } from './marketplace/purchases/v1/ListPurchasesResponse';
import type { ListRolloutDevicesRequest as _marketplace_purchases_v1_ListRolloutDevicesRequest, ListRolloutDevicesRequest__Output as _marketplace_purchases_v1_ListRolloutDevicesRequest__Output } from './marketplace/purchases/v1/ListRolloutDevicesRequest';
import type { ListRolloutDevicesResponse as _marketplace_purchases_v1_ListRolloutDevicesResponse, ListRolloutDevicesResponse__Output as _marketplace_purchases_v1_ListRolloutDevicesResponse__Output } from './marketplace/purchases/v1/ListRolloutDevicesResponse';
import type { ListRolloutEventsRequest as _marketplace_purchases_v1_ListRolloutEventsRequest, ListRolloutEventsRequest__Output as _marketplace_purchases_v1_ListRolloutEventsRequest__Output } from './marketplace/purchases/v1/ListRolloutEventsRequest';
import type { ListRolloutEventsResponse as _marketplace_purchases_v1_ListRolloutEventsResponse, ListRolloutEventsResponse__Output as _marketplace_purchases_v1_ListRolloutEventsResponse__Output } from './marketplace/purchases/v1/ListRolloutEventsResponse';
import type { ListRolloutsRequest as _marketplace_purchases_v1_ListRolloutsRequest, ListRolloutsRequest__Output as _marketplace_purchases_v1_ListRolloutsRequest__Output } from './marketplace/purchases/v1/ListRolloutsRequest';
import type { ListRolloutsResponse as _marketplace_purchases_v1_ListRolloutsResponse, ListRolloutsResponse__Output as _marketplace_purchases_v1_ListRolloutsResponse__Output } from './marketplace/purchases/v1/ListRolloutsResponse';
import type { Money as _marketplace_purchases_v1_Money, Money__Output as _marketplace_purchases_v1_Money__Output } from './marketplace/purchases/v1/Money';
import type { Purchase as _marketplace_purchases_v1_Purchase, Purchase__Output as _marketplace_purchases_v1_Purchase__Output } from './marketplace/purchases/v1/Purchase';
import type { PurchaseRelease as _marketplace_purchases_v1_PurchaseRelease, PurchaseRelease__Output as _marketplace_purchases_v1_PurchaseRelease__Output } from './marketplace/purchases/v1/PurchaseRelease';
import type { PurchasesServiceClient as _marketplace_purchases_v1_PurchasesServiceClient, PurchasesServiceDefinition as _marketplace_purchases_v1_PurchasesServiceDefinition } from './marketplace/purchases/v1/PurchasesService';
import type { Refund as _marketplace_purchases_v1_Refund, Refund__Output as _marketplace_purchases_v1_Refund__Output } from './marketplace/purchases/v1/Refund';
import type { ReleaseBoard as _marketplace_purchases_v1_ReleaseBoard, ReleaseBoard__Output as _marketplace_purchases_v1_ReleaseBoard__Output } from './marketplace/purchases/v1/ReleaseBoard';
import type { ResumeRolloutRequest as _marketplace_purchases_v1_ResumeRolloutRequest, ResumeRolloutRequest__Output as _marketplace_purchases_v1_ResumeRolloutRequest__Output } from './marketplace/purchases/v1/ResumeRolloutRequest';
import type { Rollout as _marketplace_purchases_v1_Rollout, Rollout__Output as _marketplace_purchases_v1_Rollout__Output } from './marketplace/purchases/v1/Rollout';
import type { RolloutCounts as _marketplace_purchases_v1_RolloutCounts, RolloutCounts__Output as _marketplace_purchases_v1_RolloutCounts__Output } from './marketplace/purchases/v1/RolloutCounts';
import type { RolloutDevice as _marketplace_purchases_v1_RolloutDevice, RolloutDevice__Output as _marketplace_purchases_v1_RolloutDevice__Output } from './marketplace/purchases/v1/RolloutDevice';
import type { RolloutEvent as _marketplace_purchases_v1_RolloutEvent, RolloutEvent__Output as _marketplace_purchases_v1_RolloutEvent__Output } from './marketplace/purchases/v1/RolloutEvent';

type SubtypeConstructor<Constructor extends new (...args: any) => any, Subtype> = {
  new(...args: ConstructorParameters<Constructor>): Subtype;
};

export interface ProtoGrpcType {
  marketplace: {
    purchases: {
      v1: {
        ActivityEntry: MessageTypeDefinition<_marketplace_purchases_v1_ActivityEntry, _marketplace_purchases_v1_ActivityEntry__Output>
        CancelRolloutRequest: MessageTypeDefinition<_marketplace_purchases_v1_CancelRolloutRequest, _marketplace_purchases_v1_CancelRolloutRequest__Output>
        CheckoutSession: MessageTypeDefinition<_marketplace_purchases_v1_CheckoutSession, _marketplace_purchases_v1_CheckoutSession__Output>
        CreateCheckoutSessionRequest: MessageTypeDefinition<_marketplace_purchases_v1_CreateCheckoutSessionRequest, _marketplace_purchases_v1_CreateCheckoutSessionRequest__Output>
        CreateRefundRequest: MessageTypeDefinition<_marketplace_purchases_v1_CreateRefundRequest, _marketplace_purchases_v1_CreateRefundRequest__Output>
        CreateRolloutRequest: MessageTypeDefinition<_marketplace_purchases_v1_CreateRolloutRequest, _marketplace_purchases_v1_CreateRolloutRequest__Output>
        Device: MessageTypeDefinition<_marketplace_purchases_v1_Device, _marketplace_purchases_v1_Device__Output>
        DeviceApplication: MessageTypeDefinition<_marketplace_purchases_v1_DeviceApplication, _marketplace_purchases_v1_DeviceApplication__Output>
        DeviceBoard: MessageTypeDefinition<_marketplace_purchases_v1_DeviceBoard, _marketplace_purchases_v1_DeviceBoard__Output>
        DeviceDetails: MessageTypeDefinition<_marketplace_purchases_v1_DeviceDetails, _marketplace_purchases_v1_DeviceDetails__Output>
        Download: MessageTypeDefinition<_marketplace_purchases_v1_Download, _marketplace_purchases_v1_Download__Output>
        DownloadAccess: MessageTypeDefinition<_marketplace_purchases_v1_DownloadAccess, _marketplace_purchases_v1_DownloadAccess__Output>
        GetDeviceDetailsRequest: MessageTypeDefinition<_marketplace_purchases_v1_GetDeviceDetailsRequest, _marketplace_purchases_v1_GetDeviceDetailsRequest__Output>
        GetDownloadAccessRequest: MessageTypeDefinition<_marketplace_purchases_v1_GetDownloadAccessRequest, _marketplace_purchases_v1_GetDownloadAccessRequest__Output>
        GetInstallRpcRequest: MessageTypeDefinition<_marketplace_purchases_v1_GetInstallRpcRequest, _marketplace_purchases_v1_GetInstallRpcRequest__Output>
        GetRolloutRequest: MessageTypeDefinition<_marketplace_purchases_v1_GetRolloutRequest, _marketplace_purchases_v1_GetRolloutRequest__Output>
        InstallRecord: MessageTypeDefinition<_marketplace_purchases_v1_InstallRecord, _marketplace_purchases_v1_InstallRecord__Output>
        InstallRequest: MessageTypeDefinition<_marketplace_purchases_v1_InstallRequest, _marketplace_purchases_v1_InstallRequest__Output>
        InstallRpc: MessageTypeDefinition<_marketplace_purchases_v1_InstallRpc, _marketplace_purchases_v1_InstallRpc__Output>
        InstallStep: MessageTypeDefinition<_marketplace_purchases_v1_InstallStep, _marketplace_purchases_v1_InstallStep__Output>
        ListDevicesRequest: MessageTypeDefinition<_marketplace_purchases_v1_ListDevicesRequest, _marketplace_purchases_v1_ListDevicesRequest__Output>
        ListDevicesResponse: MessageTypeDefinition<_marketplace_purchases_v1_ListDevicesResponse, _marketplace_purchases_v1_ListDevicesResponse__Output>
        ListPurchaseActivityRequest: MessageTypeDefinition<_marketplace_purchases_v1_ListPurchaseActivityRequest, _marketplace_purchases_v1_ListPurchaseActivityRequest__Output>
        ListPurchaseActivityResponse: MessageTypeDefinition<_marketplace_purchases_v1_ListPurchaseActivityResponse, _marketplace_purchases_v1_ListPurchaseActivityResponse__Output>
        ListPurchaseReleasesRequest: MessageTypeDefinition<_marketplace_purchases_v1_ListPurchaseReleasesRequest, _marketplace_purchases_v1_ListPurchaseReleasesRequest__Output>
        ListPurchaseReleasesResponse: MessageTypeDefinition<_marketplace_purchases_v1_ListPurchaseReleasesResponse, _marketplace_purchases_v1_ListPurchaseReleasesResponse__Output>
        ListPurchasesRequest: MessageTypeDefinition<_marketplace_purchases_v1_ListPurchasesRequest, _marketplace_purchases_v1_ListPurchasesRequest__Output>
        ListPurchasesResponse: MessageTypeDefinition<_marketplace_purchases_v1_ListPurchasesResponse, _marketplace_purchases_v1_ListPurchasesResponse__Output>
        ListRolloutDevicesRequest: MessageTypeDefinition<_marketplace_purchases_v1_ListRolloutDevicesRequest, _marketplace_purchases_v1_ListRolloutDevicesRequest__Output>
        ListRolloutDevicesResponse: MessageTypeDefinition<_marketplace_purchases_v1_ListRolloutDevicesResponse, _marketplace_purchases_v1_ListRolloutDevicesResponse__Output>
        ListRolloutEventsRequest: MessageTypeDefinition<_marketplace_purchases_v1_ListRolloutEventsRequest, _marketplace_purchases_v1_ListRolloutEventsRequest__Output>
        ListRolloutEventsResponse: MessageTypeDefinition<_marketplace_purchases_v1_ListRolloutEventsResponse, _marketplace_purchases_v1_ListRolloutEventsResponse__Output>
        ListRolloutsRequest: MessageTypeDefinition<_marketplace_purchases_v1_ListRolloutsRequest, _marketplace_purchases_v1_ListRolloutsRequest__Output>
        ListRolloutsResponse: MessageTypeDefinition<_marketplace_purchases_v1_ListRolloutsResponse, _marketplace_purchases_v1_ListRolloutsResponse__Output>
        Money: MessageTypeDefinition<_marketplace_purchases_v1_Money, _marketplace_purchases_v1_Money__Output>
        Purchase: MessageTypeDefinition<_marketplace_purchases_v1_Purchase, _marketplace_purchases_v1_Purchase__Output>
        PurchaseRelease: MessageTypeDefinition<_marketplace_purchases_v1_PurchaseRelease, _marketplace_purchases_v1_PurchaseRelease__Output>
        /**
         * The provider's purchases and their activity, and download access to purchased releases; every call is
         * scoped to the caller's organisation.
         */
        PurchasesService: SubtypeConstructor<typeof grpc.Client, _marketplace_purchases_v1_PurchasesServiceClient> & { service: _marketplace_purchases_v1_PurchasesServiceDefinition }
        Refund: MessageTypeDefinition<_marketplace_purchases_v1_Refund, _marketplace_purchases_v1_Refund__Output>
        ReleaseBoard: MessageTypeDefinition<_marketplace_purchases_v1_ReleaseBoard, _marketplace_purchases_v1_ReleaseBoard__Output>
        ResumeRolloutRequest: MessageTypeDefinition<_marketplace_purchases_v1_ResumeRolloutRequest, _marketplace_purchases_v1_ResumeRolloutRequest__Output>
        Rollout: MessageTypeDefinition<_marketplace_purchases_v1_Rollout, _marketplace_purchases_v1_Rollout__Output>
        RolloutCounts: MessageTypeDefinition<_marketplace_purchases_v1_RolloutCounts, _marketplace_purchases_v1_RolloutCounts__Output>
        RolloutDevice: MessageTypeDefinition<_marketplace_purchases_v1_RolloutDevice, _marketplace_purchases_v1_RolloutDevice__Output>
        RolloutEvent: MessageTypeDefinition<_marketplace_purchases_v1_RolloutEvent, _marketplace_purchases_v1_RolloutEvent__Output>
      }
    }
  }
}


import type * as grpc from '@grpc/grpc-js';
import type { MessageTypeDefinition } from '@grpc/proto-loader';

import type { CancelRolloutRequest as _marketplace_purchases_v1_CancelRolloutRequest, CancelRolloutRequest__Output as _marketplace_purchases_v1_CancelRolloutRequest__Output } from './marketplace/purchases/v1/CancelRolloutRequest';
import type { CreateRolloutRequest as _marketplace_purchases_v1_CreateRolloutRequest, CreateRolloutRequest__Output as _marketplace_purchases_v1_CreateRolloutRequest__Output } from './marketplace/purchases/v1/CreateRolloutRequest';
import type { GetRolloutRequest as _marketplace_purchases_v1_GetRolloutRequest, GetRolloutRequest__Output as _marketplace_purchases_v1_GetRolloutRequest__Output } from './marketplace/purchases/v1/GetRolloutRequest';
import type { ListRolloutDevicesRequest as _marketplace_purchases_v1_ListRolloutDevicesRequest, ListRolloutDevicesRequest__Output as _marketplace_purchases_v1_ListRolloutDevicesRequest__Output } from './marketplace/purchases/v1/ListRolloutDevicesRequest';
import type { ListRolloutDevicesResponse as _marketplace_purchases_v1_ListRolloutDevicesResponse, ListRolloutDevicesResponse__Output as _marketplace_purchases_v1_ListRolloutDevicesResponse__Output } from './marketplace/purchases/v1/ListRolloutDevicesResponse';
import type { ListRolloutEventsRequest as _marketplace_purchases_v1_ListRolloutEventsRequest, ListRolloutEventsRequest__Output as _marketplace_purchases_v1_ListRolloutEventsRequest__Output } from './marketplace/purchases/v1/ListRolloutEventsRequest';
import type { ListRolloutEventsResponse as _marketplace_purchases_v1_ListRolloutEventsResponse, ListRolloutEventsResponse__Output as _marketplace_purchases_v1_ListRolloutEventsResponse__Output } from './marketplace/purchases/v1/ListRolloutEventsResponse';
import type { ListRolloutsRequest as _marketplace_purchases_v1_ListRolloutsRequest, ListRolloutsRequest__Output as _marketplace_purchases_v1_ListRolloutsRequest__Output } from './marketplace/purchases/v1/ListRolloutsRequest';
import type { ListRolloutsResponse as _marketplace_purchases_v1_ListRolloutsResponse, ListRolloutsResponse__Output as _marketplace_purchases_v1_ListRolloutsResponse__Output } from './marketplace/purchases/v1/ListRolloutsResponse';
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
        CancelRolloutRequest: MessageTypeDefinition<_marketplace_purchases_v1_CancelRolloutRequest, _marketplace_purchases_v1_CancelRolloutRequest__Output>
        CreateRolloutRequest: MessageTypeDefinition<_marketplace_purchases_v1_CreateRolloutRequest, _marketplace_purchases_v1_CreateRolloutRequest__Output>
        GetRolloutRequest: MessageTypeDefinition<_marketplace_purchases_v1_GetRolloutRequest, _marketplace_purchases_v1_GetRolloutRequest__Output>
        ListRolloutDevicesRequest: MessageTypeDefinition<_marketplace_purchases_v1_ListRolloutDevicesRequest, _marketplace_purchases_v1_ListRolloutDevicesRequest__Output>
        ListRolloutDevicesResponse: MessageTypeDefinition<_marketplace_purchases_v1_ListRolloutDevicesResponse, _marketplace_purchases_v1_ListRolloutDevicesResponse__Output>
        ListRolloutEventsRequest: MessageTypeDefinition<_marketplace_purchases_v1_ListRolloutEventsRequest, _marketplace_purchases_v1_ListRolloutEventsRequest__Output>
        ListRolloutEventsResponse: MessageTypeDefinition<_marketplace_purchases_v1_ListRolloutEventsResponse, _marketplace_purchases_v1_ListRolloutEventsResponse__Output>
        ListRolloutsRequest: MessageTypeDefinition<_marketplace_purchases_v1_ListRolloutsRequest, _marketplace_purchases_v1_ListRolloutsRequest__Output>
        ListRolloutsResponse: MessageTypeDefinition<_marketplace_purchases_v1_ListRolloutsResponse, _marketplace_purchases_v1_ListRolloutsResponse__Output>
        ResumeRolloutRequest: MessageTypeDefinition<_marketplace_purchases_v1_ResumeRolloutRequest, _marketplace_purchases_v1_ResumeRolloutRequest__Output>
        Rollout: MessageTypeDefinition<_marketplace_purchases_v1_Rollout, _marketplace_purchases_v1_Rollout__Output>
        RolloutCounts: MessageTypeDefinition<_marketplace_purchases_v1_RolloutCounts, _marketplace_purchases_v1_RolloutCounts__Output>
        RolloutDevice: MessageTypeDefinition<_marketplace_purchases_v1_RolloutDevice, _marketplace_purchases_v1_RolloutDevice__Output>
        RolloutEvent: MessageTypeDefinition<_marketplace_purchases_v1_RolloutEvent, _marketplace_purchases_v1_RolloutEvent__Output>
      }
    }
  }
}


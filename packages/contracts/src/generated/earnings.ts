import type * as grpc from '@grpc/grpc-js';
import type { MessageTypeDefinition } from '@grpc/proto-loader';

import type { AppEarnings as _marketplace_settlements_v1_AppEarnings, AppEarnings__Output as _marketplace_settlements_v1_AppEarnings__Output } from './marketplace/settlements/v1/AppEarnings';
import type { EarningsPoint as _marketplace_settlements_v1_EarningsPoint, EarningsPoint__Output as _marketplace_settlements_v1_EarningsPoint__Output } from './marketplace/settlements/v1/EarningsPoint';
import type { EarningsServiceClient as _marketplace_settlements_v1_EarningsServiceClient, EarningsServiceDefinition as _marketplace_settlements_v1_EarningsServiceDefinition } from './marketplace/settlements/v1/EarningsService';
import type { EarningsTotals as _marketplace_settlements_v1_EarningsTotals, EarningsTotals__Output as _marketplace_settlements_v1_EarningsTotals__Output } from './marketplace/settlements/v1/EarningsTotals';
import type { EarningsWindow as _marketplace_settlements_v1_EarningsWindow, EarningsWindow__Output as _marketplace_settlements_v1_EarningsWindow__Output } from './marketplace/settlements/v1/EarningsWindow';
import type { ExportChunk as _marketplace_settlements_v1_ExportChunk, ExportChunk__Output as _marketplace_settlements_v1_ExportChunk__Output } from './marketplace/settlements/v1/ExportChunk';
import type { ExportStatementRequest as _marketplace_settlements_v1_ExportStatementRequest, ExportStatementRequest__Output as _marketplace_settlements_v1_ExportStatementRequest__Output } from './marketplace/settlements/v1/ExportStatementRequest';
import type { GetEarningsSummaryRequest as _marketplace_settlements_v1_GetEarningsSummaryRequest, GetEarningsSummaryRequest__Output as _marketplace_settlements_v1_GetEarningsSummaryRequest__Output } from './marketplace/settlements/v1/GetEarningsSummaryRequest';
import type { GetEarningsSummaryResponse as _marketplace_settlements_v1_GetEarningsSummaryResponse, GetEarningsSummaryResponse__Output as _marketplace_settlements_v1_GetEarningsSummaryResponse__Output } from './marketplace/settlements/v1/GetEarningsSummaryResponse';
import type { GetEarningsTimeseriesRequest as _marketplace_settlements_v1_GetEarningsTimeseriesRequest, GetEarningsTimeseriesRequest__Output as _marketplace_settlements_v1_GetEarningsTimeseriesRequest__Output } from './marketplace/settlements/v1/GetEarningsTimeseriesRequest';
import type { GetEarningsTimeseriesResponse as _marketplace_settlements_v1_GetEarningsTimeseriesResponse, GetEarningsTimeseriesResponse__Output as _marketplace_settlements_v1_GetEarningsTimeseriesResponse__Output } from './marketplace/settlements/v1/GetEarningsTimeseriesResponse';
import type { ListAppEarningsRequest as _marketplace_settlements_v1_ListAppEarningsRequest, ListAppEarningsRequest__Output as _marketplace_settlements_v1_ListAppEarningsRequest__Output } from './marketplace/settlements/v1/ListAppEarningsRequest';
import type { ListAppEarningsResponse as _marketplace_settlements_v1_ListAppEarningsResponse, ListAppEarningsResponse__Output as _marketplace_settlements_v1_ListAppEarningsResponse__Output } from './marketplace/settlements/v1/ListAppEarningsResponse';
import type { ListPlatformFeesRequest as _marketplace_settlements_v1_ListPlatformFeesRequest, ListPlatformFeesRequest__Output as _marketplace_settlements_v1_ListPlatformFeesRequest__Output } from './marketplace/settlements/v1/ListPlatformFeesRequest';
import type { ListPlatformFeesResponse as _marketplace_settlements_v1_ListPlatformFeesResponse, ListPlatformFeesResponse__Output as _marketplace_settlements_v1_ListPlatformFeesResponse__Output } from './marketplace/settlements/v1/ListPlatformFeesResponse';
import type { PlatformFees as _marketplace_settlements_v1_PlatformFees, PlatformFees__Output as _marketplace_settlements_v1_PlatformFees__Output } from './marketplace/settlements/v1/PlatformFees';

type SubtypeConstructor<Constructor extends new (...args: any) => any, Subtype> = {
  new(...args: ConstructorParameters<Constructor>): Subtype;
};

export interface ProtoGrpcType {
  marketplace: {
    settlements: {
      v1: {
        AppEarnings: MessageTypeDefinition<_marketplace_settlements_v1_AppEarnings, _marketplace_settlements_v1_AppEarnings__Output>
        EarningsPoint: MessageTypeDefinition<_marketplace_settlements_v1_EarningsPoint, _marketplace_settlements_v1_EarningsPoint__Output>
        /**
         * Earnings (provider role), platform fees (admin) and statement exports (own organisation, or admin).
         */
        EarningsService: SubtypeConstructor<typeof grpc.Client, _marketplace_settlements_v1_EarningsServiceClient> & { service: _marketplace_settlements_v1_EarningsServiceDefinition }
        EarningsTotals: MessageTypeDefinition<_marketplace_settlements_v1_EarningsTotals, _marketplace_settlements_v1_EarningsTotals__Output>
        EarningsWindow: MessageTypeDefinition<_marketplace_settlements_v1_EarningsWindow, _marketplace_settlements_v1_EarningsWindow__Output>
        ExportChunk: MessageTypeDefinition<_marketplace_settlements_v1_ExportChunk, _marketplace_settlements_v1_ExportChunk__Output>
        ExportStatementRequest: MessageTypeDefinition<_marketplace_settlements_v1_ExportStatementRequest, _marketplace_settlements_v1_ExportStatementRequest__Output>
        GetEarningsSummaryRequest: MessageTypeDefinition<_marketplace_settlements_v1_GetEarningsSummaryRequest, _marketplace_settlements_v1_GetEarningsSummaryRequest__Output>
        GetEarningsSummaryResponse: MessageTypeDefinition<_marketplace_settlements_v1_GetEarningsSummaryResponse, _marketplace_settlements_v1_GetEarningsSummaryResponse__Output>
        GetEarningsTimeseriesRequest: MessageTypeDefinition<_marketplace_settlements_v1_GetEarningsTimeseriesRequest, _marketplace_settlements_v1_GetEarningsTimeseriesRequest__Output>
        GetEarningsTimeseriesResponse: MessageTypeDefinition<_marketplace_settlements_v1_GetEarningsTimeseriesResponse, _marketplace_settlements_v1_GetEarningsTimeseriesResponse__Output>
        ListAppEarningsRequest: MessageTypeDefinition<_marketplace_settlements_v1_ListAppEarningsRequest, _marketplace_settlements_v1_ListAppEarningsRequest__Output>
        ListAppEarningsResponse: MessageTypeDefinition<_marketplace_settlements_v1_ListAppEarningsResponse, _marketplace_settlements_v1_ListAppEarningsResponse__Output>
        ListPlatformFeesRequest: MessageTypeDefinition<_marketplace_settlements_v1_ListPlatformFeesRequest, _marketplace_settlements_v1_ListPlatformFeesRequest__Output>
        ListPlatformFeesResponse: MessageTypeDefinition<_marketplace_settlements_v1_ListPlatformFeesResponse, _marketplace_settlements_v1_ListPlatformFeesResponse__Output>
        PlatformFees: MessageTypeDefinition<_marketplace_settlements_v1_PlatformFees, _marketplace_settlements_v1_PlatformFees__Output>
      }
    }
  }
}


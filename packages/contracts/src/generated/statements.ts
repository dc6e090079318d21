import type * as grpc from '@grpc/grpc-js';
import type { MessageTypeDefinition } from '@grpc/proto-loader';

import type { CloseStatementPeriodRequest as _marketplace_settlements_v1_CloseStatementPeriodRequest, CloseStatementPeriodRequest__Output as _marketplace_settlements_v1_CloseStatementPeriodRequest__Output } from './marketplace/settlements/v1/CloseStatementPeriodRequest';
import type { CloseStatementPeriodResponse as _marketplace_settlements_v1_CloseStatementPeriodResponse, CloseStatementPeriodResponse__Output as _marketplace_settlements_v1_CloseStatementPeriodResponse__Output } from './marketplace/settlements/v1/CloseStatementPeriodResponse';
import type { GetStatementRequest as _marketplace_settlements_v1_GetStatementRequest, GetStatementRequest__Output as _marketplace_settlements_v1_GetStatementRequest__Output } from './marketplace/settlements/v1/GetStatementRequest';
import type { GetStatementResponse as _marketplace_settlements_v1_GetStatementResponse, GetStatementResponse__Output as _marketplace_settlements_v1_GetStatementResponse__Output } from './marketplace/settlements/v1/GetStatementResponse';
import type { ListStatementsRequest as _marketplace_settlements_v1_ListStatementsRequest, ListStatementsRequest__Output as _marketplace_settlements_v1_ListStatementsRequest__Output } from './marketplace/settlements/v1/ListStatementsRequest';
import type { ListStatementsResponse as _marketplace_settlements_v1_ListStatementsResponse, ListStatementsResponse__Output as _marketplace_settlements_v1_ListStatementsResponse__Output } from './marketplace/settlements/v1/ListStatementsResponse';
import type { MarkStatementPaidRequest as _marketplace_settlements_v1_MarkStatementPaidRequest, MarkStatementPaidRequest__Output as _marketplace_settlements_v1_MarkStatementPaidRequest__Output } from './marketplace/settlements/v1/MarkStatementPaidRequest';
import type { StatementLineRecord as _marketplace_settlements_v1_StatementLineRecord, StatementLineRecord__Output as _marketplace_settlements_v1_StatementLineRecord__Output } from './marketplace/settlements/v1/StatementLineRecord';
import type { StatementRecord as _marketplace_settlements_v1_StatementRecord, StatementRecord__Output as _marketplace_settlements_v1_StatementRecord__Output } from './marketplace/settlements/v1/StatementRecord';
import type { StatementTotals as _marketplace_settlements_v1_StatementTotals, StatementTotals__Output as _marketplace_settlements_v1_StatementTotals__Output } from './marketplace/settlements/v1/StatementTotals';
import type { StatementsServiceClient as _marketplace_settlements_v1_StatementsServiceClient, StatementsServiceDefinition as _marketplace_settlements_v1_StatementsServiceDefinition } from './marketplace/settlements/v1/StatementsService';

type SubtypeConstructor<Constructor extends new (...args: any) => any, Subtype> = {
  new(...args: ConstructorParameters<Constructor>): Subtype;
};

export interface ProtoGrpcType {
  marketplace: {
    settlements: {
      v1: {
        CloseStatementPeriodRequest: MessageTypeDefinition<_marketplace_settlements_v1_CloseStatementPeriodRequest, _marketplace_settlements_v1_CloseStatementPeriodRequest__Output>
        CloseStatementPeriodResponse: MessageTypeDefinition<_marketplace_settlements_v1_CloseStatementPeriodResponse, _marketplace_settlements_v1_CloseStatementPeriodResponse__Output>
        GetStatementRequest: MessageTypeDefinition<_marketplace_settlements_v1_GetStatementRequest, _marketplace_settlements_v1_GetStatementRequest__Output>
        GetStatementResponse: MessageTypeDefinition<_marketplace_settlements_v1_GetStatementResponse, _marketplace_settlements_v1_GetStatementResponse__Output>
        ListStatementsRequest: MessageTypeDefinition<_marketplace_settlements_v1_ListStatementsRequest, _marketplace_settlements_v1_ListStatementsRequest__Output>
        ListStatementsResponse: MessageTypeDefinition<_marketplace_settlements_v1_ListStatementsResponse, _marketplace_settlements_v1_ListStatementsResponse__Output>
        MarkStatementPaidRequest: MessageTypeDefinition<_marketplace_settlements_v1_MarkStatementPaidRequest, _marketplace_settlements_v1_MarkStatementPaidRequest__Output>
        StatementLineRecord: MessageTypeDefinition<_marketplace_settlements_v1_StatementLineRecord, _marketplace_settlements_v1_StatementLineRecord__Output>
        StatementRecord: MessageTypeDefinition<_marketplace_settlements_v1_StatementRecord, _marketplace_settlements_v1_StatementRecord__Output>
        StatementTotals: MessageTypeDefinition<_marketplace_settlements_v1_StatementTotals, _marketplace_settlements_v1_StatementTotals__Output>
        StatementsService: SubtypeConstructor<typeof grpc.Client, _marketplace_settlements_v1_StatementsServiceClient> & { service: _marketplace_settlements_v1_StatementsServiceDefinition }
      }
    }
  }
}


// Original file: proto/marketplace/settlements/v1/statements.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { CloseStatementPeriodRequest as _marketplace_settlements_v1_CloseStatementPeriodRequest, CloseStatementPeriodRequest__Output as _marketplace_settlements_v1_CloseStatementPeriodRequest__Output } from '../../../marketplace/settlements/v1/CloseStatementPeriodRequest';
import type { CloseStatementPeriodResponse as _marketplace_settlements_v1_CloseStatementPeriodResponse, CloseStatementPeriodResponse__Output as _marketplace_settlements_v1_CloseStatementPeriodResponse__Output } from '../../../marketplace/settlements/v1/CloseStatementPeriodResponse';
import type { GetStatementRequest as _marketplace_settlements_v1_GetStatementRequest, GetStatementRequest__Output as _marketplace_settlements_v1_GetStatementRequest__Output } from '../../../marketplace/settlements/v1/GetStatementRequest';
import type { GetStatementResponse as _marketplace_settlements_v1_GetStatementResponse, GetStatementResponse__Output as _marketplace_settlements_v1_GetStatementResponse__Output } from '../../../marketplace/settlements/v1/GetStatementResponse';
import type { ListStatementsRequest as _marketplace_settlements_v1_ListStatementsRequest, ListStatementsRequest__Output as _marketplace_settlements_v1_ListStatementsRequest__Output } from '../../../marketplace/settlements/v1/ListStatementsRequest';
import type { ListStatementsResponse as _marketplace_settlements_v1_ListStatementsResponse, ListStatementsResponse__Output as _marketplace_settlements_v1_ListStatementsResponse__Output } from '../../../marketplace/settlements/v1/ListStatementsResponse';
import type { MarkStatementPaidRequest as _marketplace_settlements_v1_MarkStatementPaidRequest, MarkStatementPaidRequest__Output as _marketplace_settlements_v1_MarkStatementPaidRequest__Output } from '../../../marketplace/settlements/v1/MarkStatementPaidRequest';
import type { StatementRecord as _marketplace_settlements_v1_StatementRecord, StatementRecord__Output as _marketplace_settlements_v1_StatementRecord__Output } from '../../../marketplace/settlements/v1/StatementRecord';

export interface StatementsServiceClient extends grpc.Client {
  /**
   * Admin: finalizes the period's open statements into one batch; the same period again returns it.
   */
  CloseStatementPeriod(argument: _marketplace_settlements_v1_CloseStatementPeriodRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_settlements_v1_CloseStatementPeriodResponse__Output>): grpc.ClientUnaryCall;
  CloseStatementPeriod(argument: _marketplace_settlements_v1_CloseStatementPeriodRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_marketplace_settlements_v1_CloseStatementPeriodResponse__Output>): grpc.ClientUnaryCall;
  CloseStatementPeriod(argument: _marketplace_settlements_v1_CloseStatementPeriodRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_settlements_v1_CloseStatementPeriodResponse__Output>): grpc.ClientUnaryCall;
  CloseStatementPeriod(argument: _marketplace_settlements_v1_CloseStatementPeriodRequest, callback: grpc.requestCallback<_marketplace_settlements_v1_CloseStatementPeriodResponse__Output>): grpc.ClientUnaryCall;
  /**
   * Admin: finalizes the period's open statements into one batch; the same period again returns it.
   */
  closeStatementPeriod(argument: _marketplace_settlements_v1_CloseStatementPeriodRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_settlements_v1_CloseStatementPeriodResponse__Output>): grpc.ClientUnaryCall;
  closeStatementPeriod(argument: _marketplace_settlements_v1_CloseStatementPeriodRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_marketplace_settlements_v1_CloseStatementPeriodResponse__Output>): grpc.ClientUnaryCall;
  closeStatementPeriod(argument: _marketplace_settlements_v1_CloseStatementPeriodRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_settlements_v1_CloseStatementPeriodResponse__Output>): grpc.ClientUnaryCall;
  closeStatementPeriod(argument: _marketplace_settlements_v1_CloseStatementPeriodRequest, callback: grpc.requestCallback<_marketplace_settlements_v1_CloseStatementPeriodResponse__Output>): grpc.ClientUnaryCall;
  
  /**
   * One statement and its first lines; another organisation's is not-found, for admins too.
   */
  GetStatement(argument: _marketplace_settlements_v1_GetStatementRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_settlements_v1_GetStatementResponse__Output>): grpc.ClientUnaryCall;
  GetStatement(argument: _marketplace_settlements_v1_GetStatementRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_marketplace_settlements_v1_GetStatementResponse__Output>): grpc.ClientUnaryCall;
  GetStatement(argument: _marketplace_settlements_v1_GetStatementRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_settlements_v1_GetStatementResponse__Output>): grpc.ClientUnaryCall;
  GetStatement(argument: _marketplace_settlements_v1_GetStatementRequest, callback: grpc.requestCallback<_marketplace_settlements_v1_GetStatementResponse__Output>): grpc.ClientUnaryCall;
  /**
   * One statement and its first lines; another organisation's is not-found, for admins too.
   */
  getStatement(argument: _marketplace_settlements_v1_GetStatementRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_settlements_v1_GetStatementResponse__Output>): grpc.ClientUnaryCall;
  getStatement(argument: _marketplace_settlements_v1_GetStatementRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_marketplace_settlements_v1_GetStatementResponse__Output>): grpc.ClientUnaryCall;
  getStatement(argument: _marketplace_settlements_v1_GetStatementRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_settlements_v1_GetStatementResponse__Output>): grpc.ClientUnaryCall;
  getStatement(argument: _marketplace_settlements_v1_GetStatementRequest, callback: grpc.requestCallback<_marketplace_settlements_v1_GetStatementResponse__Output>): grpc.ClientUnaryCall;
  
  /**
   * The caller's organisation's statements (admins: any organisation's; non-admins naming another get
   * forbidden).
   */
  ListStatements(argument: _marketplace_settlements_v1_ListStatementsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_settlements_v1_ListStatementsResponse__Output>): grpc.ClientUnaryCall;
  ListStatements(argument: _marketplace_settlements_v1_ListStatementsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_marketplace_settlements_v1_ListStatementsResponse__Output>): grpc.ClientUnaryCall;
  ListStatements(argument: _marketplace_settlements_v1_ListStatementsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_settlements_v1_ListStatementsResponse__Output>): grpc.ClientUnaryCall;
  ListStatements(argument: _marketplace_settlements_v1_ListStatementsRequest, callback: grpc.requestCallback<_marketplace_settlements_v1_ListStatementsResponse__Output>): grpc.ClientUnaryCall;
  /**
   * The caller's organisation's statements (admins: any organisation's; non-admins naming another get
   * forbidden).
   */
  listStatements(argument: _marketplace_settlements_v1_ListStatementsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_settlements_v1_ListStatementsResponse__Output>): grpc.ClientUnaryCall;
  listStatements(argument: _marketplace_settlements_v1_ListStatementsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_marketplace_settlements_v1_ListStatementsResponse__Output>): grpc.ClientUnaryCall;
  listStatements(argument: _marketplace_settlements_v1_ListStatementsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_settlements_v1_ListStatementsResponse__Output>): grpc.ClientUnaryCall;
  listStatements(argument: _marketplace_settlements_v1_ListStatementsRequest, callback: grpc.requestCallback<_marketplace_settlements_v1_ListStatementsResponse__Output>): grpc.ClientUnaryCall;
  
  /**
   * Admin, own organisation's statement: finalized -> paid (a paid statement is returned as it is; an
   * open one is invalid-state; another organisation's is not-found).
   */
  MarkStatementPaid(argument: _marketplace_settlements_v1_MarkStatementPaidRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_settlements_v1_StatementRecord__Output>): grpc.ClientUnaryCall;
  MarkStatementPaid(argument: _marketplace_settlements_v1_MarkStatementPaidRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_marketplace_settlements_v1_StatementRecord__Output>): grpc.ClientUnaryCall;
  MarkStatementPaid(argument: _marketplace_settlements_v1_MarkStatementPaidRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_settlements_v1_StatementRecord__Output>): grpc.ClientUnaryCall;
  MarkStatementPaid(argument: _marketplace_settlements_v1_MarkStatementPaidRequest, callback: grpc.requestCallback<_marketplace_settlements_v1_StatementRecord__Output>): grpc.ClientUnaryCall;
  /**
   * Admin, own organisation's statement: finalized -> paid (a paid statement is returned as it is; an
   * open one is invalid-state; another organisation's is not-found).
   */
  markStatementPaid(argument: _marketplace_settlements_v1_MarkStatementPaidRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_settlements_v1_StatementRecord__Output>): grpc.ClientUnaryCall;
  markStatementPaid(argument: _marketplace_settlements_v1_MarkStatementPaidRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_marketplace_settlements_v1_StatementRecord__Output>): grpc.ClientUnaryCall;
  markStatementPaid(argument: _marketplace_settlements_v1_MarkStatementPaidRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_settlements_v1_StatementRecord__Output>): grpc.ClientUnaryCall;
  markStatementPaid(argument: _marketplace_settlements_v1_MarkStatementPaidRequest, callback: grpc.requestCallback<_marketplace_settlements_v1_StatementRecord__Output>): grpc.ClientUnaryCall;
  
}

export interface StatementsServiceHandlers extends grpc.UntypedServiceImplementation {
  /**
   * Admin: finalizes the period's open statements into one batch; the same period again returns it.
   */
  CloseStatementPeriod: grpc.handleUnaryCall<_marketplace_settlements_v1_CloseStatementPeriodRequest__Output, _marketplace_settlements_v1_CloseStatementPeriodResponse>;
  
  /**
   * One statement and its first lines; another organisation's is not-found, for admins too.
   */
  GetStatement: grpc.handleUnaryCall<_marketplace_settlements_v1_GetStatementRequest__Output, _marketplace_settlements_v1_GetStatementResponse>;
  
  /**
   * The caller's organisation's statements (admins: any organisation's; non-admins naming another get
   * forbidden).
   */
  ListStatements: grpc.handleUnaryCall<_marketplace_settlements_v1_ListStatementsRequest__Output, _marketplace_settlements_v1_ListStatementsResponse>;
  
  /**
   * Admin, own organisation's statement: finalized -> paid (a paid statement is returned as it is; an
   * open one is invalid-state; another organisation's is not-found).
   */
  MarkStatementPaid: grpc.handleUnaryCall<_marketplace_settlements_v1_MarkStatementPaidRequest__Output, _marketplace_settlements_v1_StatementRecord>;
  
}

export interface StatementsServiceDefinition extends grpc.ServiceDefinition {
  CloseStatementPeriod: MethodDefinition<_marketplace_settlements_v1_CloseStatementPeriodRequest, _marketplace_settlements_v1_CloseStatementPeriodResponse, _marketplace_settlements_v1_CloseStatementPeriodRequest__Output, _marketplace_settlements_v1_CloseStatementPeriodResponse__Output>
  GetStatement: MethodDefinition<_marketplace_settlements_v1_GetStatementRequest, _marketplace_settlements_v1_GetStatementResponse, _marketplace_settlements_v1_GetStatementRequest__Output, _marketplace_settlements_v1_GetStatementResponse__Output>
  ListStatements: MethodDefinition<_marketplace_settlements_v1_ListStatementsRequest, _marketplace_settlements_v1_ListStatementsResponse, _marketplace_settlements_v1_ListStatementsRequest__Output, _marketplace_settlements_v1_ListStatementsResponse__Output>
  MarkStatementPaid: MethodDefinition<_marketplace_settlements_v1_MarkStatementPaidRequest, _marketplace_settlements_v1_StatementRecord, _marketplace_settlements_v1_MarkStatementPaidRequest__Output, _marketplace_settlements_v1_StatementRecord__Output>
}

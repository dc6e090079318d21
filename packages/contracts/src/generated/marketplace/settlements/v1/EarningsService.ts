// Original file: proto/marketplace/settlements/v1/earnings.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { ExportChunk as _marketplace_settlements_v1_ExportChunk, ExportChunk__Output as _marketplace_settlements_v1_ExportChunk__Output } from '../../../marketplace/settlements/v1/ExportChunk';
import type { ExportStatementRequest as _marketplace_settlements_v1_ExportStatementRequest, ExportStatementRequest__Output as _marketplace_settlements_v1_ExportStatementRequest__Output } from '../../../marketplace/settlements/v1/ExportStatementRequest';
import type { GetEarningsSummaryRequest as _marketplace_settlements_v1_GetEarningsSummaryRequest, GetEarningsSummaryRequest__Output as _marketplace_settlements_v1_GetEarningsSummaryRequest__Output } from '../../../marketplace/settlements/v1/GetEarningsSummaryRequest';
import type { GetEarningsSummaryResponse as _marketplace_settlements_v1_GetEarningsSummaryResponse, GetEarningsSummaryResponse__Output as _marketplace_settlements_v1_GetEarningsSummaryResponse__Output } from '../../../marketplace/settlements/v1/GetEarningsSummaryResponse';
import type { GetEarningsTimeseriesRequest as _marketplace_settlements_v1_GetEarningsTimeseriesRequest, GetEarningsTimeseriesRequest__Output as _marketplace_settlements_v1_GetEarningsTimeseriesRequest__Output } from '../../../marketplace/settlements/v1/GetEarningsTimeseriesRequest';
import type { GetEarningsTimeseriesResponse as _marketplace_settlements_v1_GetEarningsTimeseriesResponse, GetEarningsTimeseriesResponse__Output as _marketplace_settlements_v1_GetEarningsTimeseriesResponse__Output } from '../../../marketplace/settlements/v1/GetEarningsTimeseriesResponse';
import type { ListAppEarningsRequest as _marketplace_settlements_v1_ListAppEarningsRequest, ListAppEarningsRequest__Output as _marketplace_settlements_v1_ListAppEarningsRequest__Output } from '../../../marketplace/settlements/v1/ListAppEarningsRequest';
import type { ListAppEarningsResponse as _marketplace_settlements_v1_ListAppEarningsResponse, ListAppEarningsResponse__Output as _marketplace_settlements_v1_ListAppEarningsResponse__Output } from '../../../marketplace/settlements/v1/ListAppEarningsResponse';
import type { ListPlatformFeesRequest as _marketplace_settlements_v1_ListPlatformFeesRequest, ListPlatformFeesRequest__Output as _marketplace_settlements_v1_ListPlatformFeesRequest__Output } from '../../../marketplace/settlements/v1/ListPlatformFeesRequest';
import type { ListPlatformFeesResponse as _marketplace_settlements_v1_ListPlatformFeesResponse, ListPlatformFeesResponse__Output as _marketplace_settlements_v1_ListPlatformFeesResponse__Output } from '../../../marketplace/settlements/v1/ListPlatformFeesResponse';

/**
 * Earnings (provider role), platform fees (admin) and statement exports (own organisation, or admin).
 */
export interface EarningsServiceClient extends grpc.Client {
  /**
   * Streams the document; a missing or foreign statement fails before the first chunk (not-found).
   */
  ExportStatement(argument: _marketplace_settlements_v1_ExportStatementRequest, metadata: grpc.Metadata, options?: grpc.CallOptions): grpc.ClientReadableStream<_marketplace_settlements_v1_ExportChunk__Output>;
  ExportStatement(argument: _marketplace_settlements_v1_ExportStatementRequest, options?: grpc.CallOptions): grpc.ClientReadableStream<_marketplace_settlements_v1_ExportChunk__Output>;
  /**
   * Streams the document; a missing or foreign statement fails before the first chunk (not-found).
   */
  exportStatement(argument: _marketplace_settlements_v1_ExportStatementRequest, metadata: grpc.Metadata, options?: grpc.CallOptions): grpc.ClientReadableStream<_marketplace_settlements_v1_ExportChunk__Output>;
  exportStatement(argument: _marketplace_settlements_v1_ExportStatementRequest, options?: grpc.CallOptions): grpc.ClientReadableStream<_marketplace_settlements_v1_ExportChunk__Output>;
  
  GetEarningsSummary(argument: _marketplace_settlements_v1_GetEarningsSummaryRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_settlements_v1_GetEarningsSummaryResponse__Output>): grpc.ClientUnaryCall;
  GetEarningsSummary(argument: _marketplace_settlements_v1_GetEarningsSummaryRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_marketplace_settlements_v1_GetEarningsSummaryResponse__Output>): grpc.ClientUnaryCall;
  GetEarningsSummary(argument: _marketplace_settlements_v1_GetEarningsSummaryRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_settlements_v1_GetEarningsSummaryResponse__Output>): grpc.ClientUnaryCall;
  GetEarningsSummary(argument: _marketplace_settlements_v1_GetEarningsSummaryRequest, callback: grpc.requestCallback<_marketplace_settlements_v1_GetEarningsSummaryResponse__Output>): grpc.ClientUnaryCall;
  getEarningsSummary(argument: _marketplace_settlements_v1_GetEarningsSummaryRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_settlements_v1_GetEarningsSummaryResponse__Output>): grpc.ClientUnaryCall;
  getEarningsSummary(argument: _marketplace_settlements_v1_GetEarningsSummaryRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_marketplace_settlements_v1_GetEarningsSummaryResponse__Output>): grpc.ClientUnaryCall;
  getEarningsSummary(argument: _marketplace_settlements_v1_GetEarningsSummaryRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_settlements_v1_GetEarningsSummaryResponse__Output>): grpc.ClientUnaryCall;
  getEarningsSummary(argument: _marketplace_settlements_v1_GetEarningsSummaryRequest, callback: grpc.requestCallback<_marketplace_settlements_v1_GetEarningsSummaryResponse__Output>): grpc.ClientUnaryCall;
  
  GetEarningsTimeseries(argument: _marketplace_settlements_v1_GetEarningsTimeseriesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_settlements_v1_GetEarningsTimeseriesResponse__Output>): grpc.ClientUnaryCall;
  GetEarningsTimeseries(argument: _marketplace_settlements_v1_GetEarningsTimeseriesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_marketplace_settlements_v1_GetEarningsTimeseriesResponse__Output>): grpc.ClientUnaryCall;
  GetEarningsTimeseries(argument: _marketplace_settlements_v1_GetEarningsTimeseriesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_settlements_v1_GetEarningsTimeseriesResponse__Output>): grpc.ClientUnaryCall;
  GetEarningsTimeseries(argument: _marketplace_settlements_v1_GetEarningsTimeseriesRequest, callback: grpc.requestCallback<_marketplace_settlements_v1_GetEarningsTimeseriesResponse__Output>): grpc.ClientUnaryCall;
  getEarningsTimeseries(argument: _marketplace_settlements_v1_GetEarningsTimeseriesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_settlements_v1_GetEarningsTimeseriesResponse__Output>): grpc.ClientUnaryCall;
  getEarningsTimeseries(argument: _marketplace_settlements_v1_GetEarningsTimeseriesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_marketplace_settlements_v1_GetEarningsTimeseriesResponse__Output>): grpc.ClientUnaryCall;
  getEarningsTimeseries(argument: _marketplace_settlements_v1_GetEarningsTimeseriesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_settlements_v1_GetEarningsTimeseriesResponse__Output>): grpc.ClientUnaryCall;
  getEarningsTimeseries(argument: _marketplace_settlements_v1_GetEarningsTimeseriesRequest, callback: grpc.requestCallback<_marketplace_settlements_v1_GetEarningsTimeseriesResponse__Output>): grpc.ClientUnaryCall;
  
  ListAppEarnings(argument: _marketplace_settlements_v1_ListAppEarningsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_settlements_v1_ListAppEarningsResponse__Output>): grpc.ClientUnaryCall;
  ListAppEarnings(argument: _marketplace_settlements_v1_ListAppEarningsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_marketplace_settlements_v1_ListAppEarningsResponse__Output>): grpc.ClientUnaryCall;
  ListAppEarnings(argument: _marketplace_settlements_v1_ListAppEarningsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_settlements_v1_ListAppEarningsResponse__Output>): grpc.ClientUnaryCall;
  ListAppEarnings(argument: _marketplace_settlements_v1_ListAppEarningsRequest, callback: grpc.requestCallback<_marketplace_settlements_v1_ListAppEarningsResponse__Output>): grpc.ClientUnaryCall;
  listAppEarnings(argument: _marketplace_settlements_v1_ListAppEarningsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_settlements_v1_ListAppEarningsResponse__Output>): grpc.ClientUnaryCall;
  listAppEarnings(argument: _marketplace_settlements_v1_ListAppEarningsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_marketplace_settlements_v1_ListAppEarningsResponse__Output>): grpc.ClientUnaryCall;
  listAppEarnings(argument: _marketplace_settlements_v1_ListAppEarningsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_settlements_v1_ListAppEarningsResponse__Output>): grpc.ClientUnaryCall;
  listAppEarnings(argument: _marketplace_settlements_v1_ListAppEarningsRequest, callback: grpc.requestCallback<_marketplace_settlements_v1_ListAppEarningsResponse__Output>): grpc.ClientUnaryCall;
  
  ListPlatformFees(argument: _marketplace_settlements_v1_ListPlatformFeesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_settlements_v1_ListPlatformFeesResponse__Output>): grpc.ClientUnaryCall;
  ListPlatformFees(argument: _marketplace_settlements_v1_ListPlatformFeesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_marketplace_settlements_v1_ListPlatformFeesResponse__Output>): grpc.ClientUnaryCall;
  ListPlatformFees(argument: _marketplace_settlements_v1_ListPlatformFeesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_settlements_v1_ListPlatformFeesResponse__Output>): grpc.ClientUnaryCall;
  ListPlatformFees(argument: _marketplace_settlements_v1_ListPlatformFeesRequest, callback: grpc.requestCallback<_marketplace_settlements_v1_ListPlatformFeesResponse__Output>): grpc.ClientUnaryCall;
  listPlatformFees(argument: _marketplace_settlements_v1_ListPlatformFeesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_settlements_v1_ListPlatformFeesResponse__Output>): grpc.ClientUnaryCall;
  listPlatformFees(argument: _marketplace_settlements_v1_ListPlatformFeesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_marketplace_settlements_v1_ListPlatformFeesResponse__Output>): grpc.ClientUnaryCall;
  listPlatformFees(argument: _marketplace_settlements_v1_ListPlatformFeesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_settlements_v1_ListPlatformFeesResponse__Output>): grpc.ClientUnaryCall;
  listPlatformFees(argument: _marketplace_settlements_v1_ListPlatformFeesRequest, callback: grpc.requestCallback<_marketplace_settlements_v1_ListPlatformFeesResponse__Output>): grpc.ClientUnaryCall;
  
}

/**
 * Earnings (provider role), platform fees (admin) and statement exports (own organisation, or admin).
 */
export interface EarningsServiceHandlers extends grpc.UntypedServiceImplementation {
  /**
   * Streams the document; a missing or foreign statement fails before the first chunk (not-found).
   */
  ExportStatement: grpc.handleServerStreamingCall<_marketplace_settlements_v1_ExportStatementRequest__Output, _marketplace_settlements_v1_ExportChunk>;
  
  GetEarningsSummary: grpc.handleUnaryCall<_marketplace_settlements_v1_GetEarningsSummaryRequest__Output, _marketplace_settlements_v1_GetEarningsSummaryResponse>;
  
  GetEarningsTimeseries: grpc.handleUnaryCall<_marketplace_settlements_v1_GetEarningsTimeseriesRequest__Output, _marketplace_settlements_v1_GetEarningsTimeseriesResponse>;
  
  ListAppEarnings: grpc.handleUnaryCall<_marketplace_settlements_v1_ListAppEarningsRequest__Output, _marketplace_settlements_v1_ListAppEarningsResponse>;
  
  ListPlatformFees: grpc.handleUnaryCall<_marketplace_settlements_v1_ListPlatformFeesRequest__Output, _marketplace_settlements_v1_ListPlatformFeesResponse>;
  
}

export interface EarningsServiceDefinition extends grpc.ServiceDefinition {
  ExportStatement: MethodDefinition<_marketplace_settlements_v1_ExportStatementRequest, _marketplace_settlements_v1_ExportChunk, _marketplace_settlements_v1_ExportStatementRequest__Output, _marketplace_settlements_v1_ExportChunk__Output>
  GetEarningsSummary: MethodDefinition<_marketplace_settlements_v1_GetEarningsSummaryRequest, _marketplace_settlements_v1_GetEarningsSummaryResponse, _marketplace_settlements_v1_GetEarningsSummaryRequest__Output, _marketplace_settlements_v1_GetEarningsSummaryResponse__Output>
  GetEarningsTimeseries: MethodDefinition<_marketplace_settlements_v1_GetEarningsTimeseriesRequest, _marketplace_settlements_v1_GetEarningsTimeseriesResponse, _marketplace_settlements_v1_GetEarningsTimeseriesRequest__Output, _marketplace_settlements_v1_GetEarningsTimeseriesResponse__Output>
  ListAppEarnings: MethodDefinition<_marketplace_settlements_v1_ListAppEarningsRequest, _marketplace_settlements_v1_ListAppEarningsResponse, _marketplace_settlements_v1_ListAppEarningsRequest__Output, _marketplace_settlements_v1_ListAppEarningsResponse__Output>
  ListPlatformFees: MethodDefinition<_marketplace_settlements_v1_ListPlatformFeesRequest, _marketplace_settlements_v1_ListPlatformFeesResponse, _marketplace_settlements_v1_ListPlatformFeesRequest__Output, _marketplace_settlements_v1_ListPlatformFeesResponse__Output>
}

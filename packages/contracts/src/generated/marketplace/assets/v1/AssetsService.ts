// Original file: proto/marketplace/assets/v1/assets.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { Asset as _marketplace_assets_v1_Asset, Asset__Output as _marketplace_assets_v1_Asset__Output } from '../../../marketplace/assets/v1/Asset';
import type { CreateUploadSessionRequest as _marketplace_assets_v1_CreateUploadSessionRequest, CreateUploadSessionRequest__Output as _marketplace_assets_v1_CreateUploadSessionRequest__Output } from '../../../marketplace/assets/v1/CreateUploadSessionRequest';
import type { FinaliseAssetRequest as _marketplace_assets_v1_FinaliseAssetRequest, FinaliseAssetRequest__Output as _marketplace_assets_v1_FinaliseAssetRequest__Output } from '../../../marketplace/assets/v1/FinaliseAssetRequest';
import type { GetAssetRequest as _marketplace_assets_v1_GetAssetRequest, GetAssetRequest__Output as _marketplace_assets_v1_GetAssetRequest__Output } from '../../../marketplace/assets/v1/GetAssetRequest';
import type { GetAssetsRequest as _marketplace_assets_v1_GetAssetsRequest, GetAssetsRequest__Output as _marketplace_assets_v1_GetAssetsRequest__Output } from '../../../marketplace/assets/v1/GetAssetsRequest';
import type { GetAssetsResponse as _marketplace_assets_v1_GetAssetsResponse, GetAssetsResponse__Output as _marketplace_assets_v1_GetAssetsResponse__Output } from '../../../marketplace/assets/v1/GetAssetsResponse';
import type { UploadSession as _marketplace_assets_v1_UploadSession, UploadSession__Output as _marketplace_assets_v1_UploadSession__Output } from '../../../marketplace/assets/v1/UploadSession';

export interface AssetsServiceClient extends grpc.Client {
  CreateUploadSession(argument: _marketplace_assets_v1_CreateUploadSessionRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_assets_v1_UploadSession__Output>): grpc.ClientUnaryCall;
  CreateUploadSession(argument: _marketplace_assets_v1_CreateUploadSessionRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_marketplace_assets_v1_UploadSession__Output>): grpc.ClientUnaryCall;
  CreateUploadSession(argument: _marketplace_assets_v1_CreateUploadSessionRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_assets_v1_UploadSession__Output>): grpc.ClientUnaryCall;
  CreateUploadSession(argument: _marketplace_assets_v1_CreateUploadSessionRequest, callback: grpc.requestCallback<_marketplace_assets_v1_UploadSession__Output>): grpc.ClientUnaryCall;
  createUploadSession(argument: _marketplace_assets_v1_CreateUploadSessionRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_assets_v1_UploadSession__Output>): grpc.ClientUnaryCall;
  createUploadSession(argument: _marketplace_assets_v1_CreateUploadSessionRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_marketplace_assets_v1_UploadSession__Output>): grpc.ClientUnaryCall;
  createUploadSession(argument: _marketplace_assets_v1_CreateUploadSessionRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_assets_v1_UploadSession__Output>): grpc.ClientUnaryCall;
  createUploadSession(argument: _marketplace_assets_v1_CreateUploadSessionRequest, callback: grpc.requestCallback<_marketplace_assets_v1_UploadSession__Output>): grpc.ClientUnaryCall;
  
  /**
   * Reads the stored object and checks existence, size, magic bytes and pixel size; FAILED_PRECONDITION
   * asset-invalid (with reasons) or upload-expired otherwise. Emits assets.asset.finalised.v1.
   */
  FinaliseAsset(argument: _marketplace_assets_v1_FinaliseAssetRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_assets_v1_Asset__Output>): grpc.ClientUnaryCall;
  FinaliseAsset(argument: _marketplace_assets_v1_FinaliseAssetRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_marketplace_assets_v1_Asset__Output>): grpc.ClientUnaryCall;
  FinaliseAsset(argument: _marketplace_assets_v1_FinaliseAssetRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_assets_v1_Asset__Output>): grpc.ClientUnaryCall;
  FinaliseAsset(argument: _marketplace_assets_v1_FinaliseAssetRequest, callback: grpc.requestCallback<_marketplace_assets_v1_Asset__Output>): grpc.ClientUnaryCall;
  /**
   * Reads the stored object and checks existence, size, magic bytes and pixel size; FAILED_PRECONDITION
   * asset-invalid (with reasons) or upload-expired otherwise. Emits assets.asset.finalised.v1.
   */
  finaliseAsset(argument: _marketplace_assets_v1_FinaliseAssetRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_assets_v1_Asset__Output>): grpc.ClientUnaryCall;
  finaliseAsset(argument: _marketplace_assets_v1_FinaliseAssetRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_marketplace_assets_v1_Asset__Output>): grpc.ClientUnaryCall;
  finaliseAsset(argument: _marketplace_assets_v1_FinaliseAssetRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_assets_v1_Asset__Output>): grpc.ClientUnaryCall;
  finaliseAsset(argument: _marketplace_assets_v1_FinaliseAssetRequest, callback: grpc.requestCallback<_marketplace_assets_v1_Asset__Output>): grpc.ClientUnaryCall;
  
  GetAsset(argument: _marketplace_assets_v1_GetAssetRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_assets_v1_Asset__Output>): grpc.ClientUnaryCall;
  GetAsset(argument: _marketplace_assets_v1_GetAssetRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_marketplace_assets_v1_Asset__Output>): grpc.ClientUnaryCall;
  GetAsset(argument: _marketplace_assets_v1_GetAssetRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_assets_v1_Asset__Output>): grpc.ClientUnaryCall;
  GetAsset(argument: _marketplace_assets_v1_GetAssetRequest, callback: grpc.requestCallback<_marketplace_assets_v1_Asset__Output>): grpc.ClientUnaryCall;
  getAsset(argument: _marketplace_assets_v1_GetAssetRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_assets_v1_Asset__Output>): grpc.ClientUnaryCall;
  getAsset(argument: _marketplace_assets_v1_GetAssetRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_marketplace_assets_v1_Asset__Output>): grpc.ClientUnaryCall;
  getAsset(argument: _marketplace_assets_v1_GetAssetRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_assets_v1_Asset__Output>): grpc.ClientUnaryCall;
  getAsset(argument: _marketplace_assets_v1_GetAssetRequest, callback: grpc.requestCallback<_marketplace_assets_v1_Asset__Output>): grpc.ClientUnaryCall;
  
  GetAssets(argument: _marketplace_assets_v1_GetAssetsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_assets_v1_GetAssetsResponse__Output>): grpc.ClientUnaryCall;
  GetAssets(argument: _marketplace_assets_v1_GetAssetsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_marketplace_assets_v1_GetAssetsResponse__Output>): grpc.ClientUnaryCall;
  GetAssets(argument: _marketplace_assets_v1_GetAssetsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_assets_v1_GetAssetsResponse__Output>): grpc.ClientUnaryCall;
  GetAssets(argument: _marketplace_assets_v1_GetAssetsRequest, callback: grpc.requestCallback<_marketplace_assets_v1_GetAssetsResponse__Output>): grpc.ClientUnaryCall;
  getAssets(argument: _marketplace_assets_v1_GetAssetsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_assets_v1_GetAssetsResponse__Output>): grpc.ClientUnaryCall;
  getAssets(argument: _marketplace_assets_v1_GetAssetsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_marketplace_assets_v1_GetAssetsResponse__Output>): grpc.ClientUnaryCall;
  getAssets(argument: _marketplace_assets_v1_GetAssetsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_assets_v1_GetAssetsResponse__Output>): grpc.ClientUnaryCall;
  getAssets(argument: _marketplace_assets_v1_GetAssetsRequest, callback: grpc.requestCallback<_marketplace_assets_v1_GetAssetsResponse__Output>): grpc.ClientUnaryCall;
  
}

export interface AssetsServiceHandlers extends grpc.UntypedServiceImplementation {
  CreateUploadSession: grpc.handleUnaryCall<_marketplace_assets_v1_CreateUploadSessionRequest__Output, _marketplace_assets_v1_UploadSession>;
  
  /**
   * Reads the stored object and checks existence, size, magic bytes and pixel size; FAILED_PRECONDITION
   * asset-invalid (with reasons) or upload-expired otherwise. Emits assets.asset.finalised.v1.
   */
  FinaliseAsset: grpc.handleUnaryCall<_marketplace_assets_v1_FinaliseAssetRequest__Output, _marketplace_assets_v1_Asset>;
  
  GetAsset: grpc.handleUnaryCall<_marketplace_assets_v1_GetAssetRequest__Output, _marketplace_assets_v1_Asset>;
  
  GetAssets: grpc.handleUnaryCall<_marketplace_assets_v1_GetAssetsRequest__Output, _marketplace_assets_v1_GetAssetsResponse>;
  
}

export interface AssetsServiceDefinition extends grpc.ServiceDefinition {
  CreateUploadSession: MethodDefinition<_marketplace_assets_v1_CreateUploadSessionRequest, _marketplace_assets_v1_UploadSession, _marketplace_assets_v1_CreateUploadSessionRequest__Output, _marketplace_assets_v1_UploadSession__Output>
  FinaliseAsset: MethodDefinition<_marketplace_assets_v1_FinaliseAssetRequest, _marketplace_assets_v1_Asset, _marketplace_assets_v1_FinaliseAssetRequest__Output, _marketplace_assets_v1_Asset__Output>
  GetAsset: MethodDefinition<_marketplace_assets_v1_GetAssetRequest, _marketplace_assets_v1_Asset, _marketplace_assets_v1_GetAssetRequest__Output, _marketplace_assets_v1_Asset__Output>
  GetAssets: MethodDefinition<_marketplace_assets_v1_GetAssetsRequest, _marketplace_assets_v1_GetAssetsResponse, _marketplace_assets_v1_GetAssetsRequest__Output, _marketplace_assets_v1_GetAssetsResponse__Output>
}

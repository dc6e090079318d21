import type * as grpc from '@grpc/grpc-js';
import type { MessageTypeDefinition } from '@grpc/proto-loader';

import type { Asset as _marketplace_assets_v1_Asset, Asset__Output as _marketplace_assets_v1_Asset__Output } from './marketplace/assets/v1/Asset';
import type { AssetsServiceClient as _marketplace_assets_v1_AssetsServiceClient, AssetsServiceDefinition as _marketplace_assets_v1_AssetsServiceDefinition } from './marketplace/assets/v1/AssetsService';
import type { CreateUploadSessionRequest as _marketplace_assets_v1_CreateUploadSessionRequest, CreateUploadSessionRequest__Output as _marketplace_assets_v1_CreateUploadSessionRequest__Output } from './marketplace/assets/v1/CreateUploadSessionRequest';
import type { FinaliseAssetRequest as _marketplace_assets_v1_FinaliseAssetRequest, FinaliseAssetRequest__Output as _marketplace_assets_v1_FinaliseAssetRequest__Output } from './marketplace/assets/v1/FinaliseAssetRequest';
import type { GetAssetRequest as _marketplace_assets_v1_GetAssetRequest, GetAssetRequest__Output as _marketplace_assets_v1_GetAssetRequest__Output } from './marketplace/assets/v1/GetAssetRequest';
import type { GetAssetsRequest as _marketplace_assets_v1_GetAssetsRequest, GetAssetsRequest__Output as _marketplace_assets_v1_GetAssetsRequest__Output } from './marketplace/assets/v1/GetAssetsRequest';
import type { GetAssetsResponse as _marketplace_assets_v1_GetAssetsResponse, GetAssetsResponse__Output as _marketplace_assets_v1_GetAssetsResponse__Output } from './marketplace/assets/v1/GetAssetsResponse';
import type { UploadSession as _marketplace_assets_v1_UploadSession, UploadSession__Output as _marketplace_assets_v1_UploadSession__Output } from './marketplace/assets/v1/UploadSession';

type SubtypeConstructor<Constructor extends new (...args: any) => any, Subtype> = {
  new(...args: ConstructorParameters<Constructor>): Subtype;
};

export interface ProtoGrpcType {
  marketplace: {
    assets: {
      v1: {
        Asset: MessageTypeDefinition<_marketplace_assets_v1_Asset, _marketplace_assets_v1_Asset__Output>
        AssetsService: SubtypeConstructor<typeof grpc.Client, _marketplace_assets_v1_AssetsServiceClient> & { service: _marketplace_assets_v1_AssetsServiceDefinition }
        CreateUploadSessionRequest: MessageTypeDefinition<_marketplace_assets_v1_CreateUploadSessionRequest, _marketplace_assets_v1_CreateUploadSessionRequest__Output>
        FinaliseAssetRequest: MessageTypeDefinition<_marketplace_assets_v1_FinaliseAssetRequest, _marketplace_assets_v1_FinaliseAssetRequest__Output>
        GetAssetRequest: MessageTypeDefinition<_marketplace_assets_v1_GetAssetRequest, _marketplace_assets_v1_GetAssetRequest__Output>
        GetAssetsRequest: MessageTypeDefinition<_marketplace_assets_v1_GetAssetsRequest, _marketplace_assets_v1_GetAssetsRequest__Output>
        GetAssetsResponse: MessageTypeDefinition<_marketplace_assets_v1_GetAssetsResponse, _marketplace_assets_v1_GetAssetsResponse__Output>
        UploadSession: MessageTypeDefinition<_marketplace_assets_v1_UploadSession, _marketplace_assets_v1_UploadSession__Output>
      }
    }
  }
}


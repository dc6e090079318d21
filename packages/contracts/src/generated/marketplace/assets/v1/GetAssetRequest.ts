// Original file: proto/marketplace/assets/v1/assets.proto


export interface GetAssetRequest {
  'assetId'?: (string);
}

export interface GetAssetRequest__Output {
  'assetId': (string);
}

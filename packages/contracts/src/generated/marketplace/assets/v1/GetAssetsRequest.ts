// Original file: proto/marketplace/assets/v1/assets.proto


export interface GetAssetsRequest {
  'assetIds'?: (string)[];
}

export interface GetAssetsRequest__Output {
  'assetIds': (string)[];
}

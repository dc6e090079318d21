// Original file: proto/marketplace/publishing/v1/publishing.proto


export interface RemoveImageRequest {
  'id'?: (string);
  'assetId'?: (string);
}

export interface RemoveImageRequest__Output {
  'id': (string);
  'assetId': (string);
}

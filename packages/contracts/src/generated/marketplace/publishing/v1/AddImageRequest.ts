// Original file: proto/marketplace/publishing/v1/publishing.proto


export interface AddImageRequest {
  'id'?: (string);
  'assetId'?: (string);
}

export interface AddImageRequest__Output {
  'id': (string);
  'assetId': (string);
}

// Original file: proto/marketplace/publishing/v1/publishing.proto


export interface SetIconRequest {
  'id'?: (string);
  'assetId'?: (string);
}

export interface SetIconRequest__Output {
  'id': (string);
  'assetId': (string);
}

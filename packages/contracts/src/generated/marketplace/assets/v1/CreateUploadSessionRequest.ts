// Original file: proto/marketplace/assets/v1/assets.proto


export interface CreateUploadSessionRequest {
  'assetType'?: (string);
  'mimeType'?: (string);
  'fileName'?: (string);
}

export interface CreateUploadSessionRequest__Output {
  'assetType': (string);
  'mimeType': (string);
  'fileName': (string);
}

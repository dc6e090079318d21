// Original file: proto/marketplace/publishing/v1/publishing.proto


export interface UnpublishItemRequest {
  'id'?: (string);
}

export interface UnpublishItemRequest__Output {
  'id': (string);
}

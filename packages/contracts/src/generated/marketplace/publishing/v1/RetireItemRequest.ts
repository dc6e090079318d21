// Original file: proto/marketplace/publishing/v1/publishing.proto


export interface RetireItemRequest {
  'id'?: (string);
}

export interface RetireItemRequest__Output {
  'id': (string);
}

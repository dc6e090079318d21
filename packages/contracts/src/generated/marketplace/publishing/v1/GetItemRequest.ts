// Original file: proto/marketplace/publishing/v1/publishing.proto


export interface GetItemRequest {
  'id'?: (string);
}

export interface GetItemRequest__Output {
  'id': (string);
}

// Original file: proto/marketplace/publishing/v1/publishing.proto


export interface PublishItemRequest {
  'id'?: (string);
}

export interface PublishItemRequest__Output {
  'id': (string);
}

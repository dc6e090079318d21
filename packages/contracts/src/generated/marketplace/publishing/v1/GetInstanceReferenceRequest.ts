// Original file: proto/marketplace/publishing/v1/publishing.proto


export interface GetInstanceReferenceRequest {
  'id'?: (string);
}

export interface GetInstanceReferenceRequest__Output {
  'id': (string);
}

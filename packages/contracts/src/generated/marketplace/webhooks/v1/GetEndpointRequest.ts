// Original file: proto/marketplace/webhooks/v1/webhooks.proto


export interface GetEndpointRequest {
  'id'?: (string);
}

export interface GetEndpointRequest__Output {
  'id': (string);
}

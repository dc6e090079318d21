// Original file: proto/marketplace/webhooks/v1/webhooks.proto


export interface DeleteEndpointRequest {
  'id'?: (string);
}

export interface DeleteEndpointRequest__Output {
  'id': (string);
}

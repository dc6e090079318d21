// Original file: proto/marketplace/webhooks/v1/webhooks.proto


export interface CreateEndpointRequest {
  'url'?: (string);
  'events'?: (string)[];
  'description'?: (string);
  '_description'?: "description";
}

export interface CreateEndpointRequest__Output {
  'url': (string);
  'events': (string)[];
  'description'?: (string);
  '_description'?: "description";
}

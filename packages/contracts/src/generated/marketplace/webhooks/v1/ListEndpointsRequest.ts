// Original file: proto/marketplace/webhooks/v1/webhooks.proto


export interface ListEndpointsRequest {
  'page'?: (number);
  'pageSize'?: (number);
  'orderBy'?: (string);
  'direction'?: (string);
}

export interface ListEndpointsRequest__Output {
  'page': (number);
  'pageSize': (number);
  'orderBy': (string);
  'direction': (string);
}

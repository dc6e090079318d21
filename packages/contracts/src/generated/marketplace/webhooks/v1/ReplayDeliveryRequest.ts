// Original file: proto/marketplace/webhooks/v1/webhooks.proto


export interface ReplayDeliveryRequest {
  'endpointId'?: (string);
  'deliveryId'?: (string);
}

export interface ReplayDeliveryRequest__Output {
  'endpointId': (string);
  'deliveryId': (string);
}

// Original file: proto/marketplace/iotadapter/v1/iot_adapter.proto


export interface ListApplicationsRequest {
  'limit'?: (number);
  'offset'?: (number);
}

export interface ListApplicationsRequest__Output {
  'limit': (number);
  'offset': (number);
}

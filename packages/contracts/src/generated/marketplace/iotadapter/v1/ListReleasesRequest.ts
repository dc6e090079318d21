// Original file: proto/marketplace/iotadapter/v1/iot_adapter.proto


export interface ListReleasesRequest {
  'applicationId'?: (number);
  'limit'?: (number);
  'offset'?: (number);
}

export interface ListReleasesRequest__Output {
  'applicationId': (number);
  'limit': (number);
  'offset': (number);
}

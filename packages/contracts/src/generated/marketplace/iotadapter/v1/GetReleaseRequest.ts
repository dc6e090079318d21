// Original file: proto/marketplace/iotadapter/v1/iot_adapter.proto


export interface GetReleaseRequest {
  'applicationId'?: (number);
  'releaseId'?: (string);
}

export interface GetReleaseRequest__Output {
  'applicationId': (number);
  'releaseId': (string);
}

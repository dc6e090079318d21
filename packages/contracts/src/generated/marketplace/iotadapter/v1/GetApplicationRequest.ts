// Original file: proto/marketplace/iotadapter/v1/iot_adapter.proto


export interface GetApplicationRequest {
  'applicationId'?: (number);
}

export interface GetApplicationRequest__Output {
  'applicationId': (number);
}

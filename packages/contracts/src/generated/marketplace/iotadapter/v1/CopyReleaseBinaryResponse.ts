// Original file: proto/marketplace/iotadapter/v1/iot_adapter.proto


export interface CopyReleaseBinaryResponse {
  'jobId'?: (string);
  /**
   * queued | stored | failed (a repeated request with the same correlation id returns the same job)
   */
  'status'?: (string);
}

export interface CopyReleaseBinaryResponse__Output {
  'jobId': (string);
  /**
   * queued | stored | failed (a repeated request with the same correlation id returns the same job)
   */
  'status': (string);
}

// Original file: proto/marketplace/iotadapter/v1/iot_adapter.proto


export interface CopyReleaseBinaryResponse {
  'jobId'?: (string);
  /**
   * queued | stored | failed (a repeated request with the same item release id returns the same job)
   */
  'status'?: (string);
  /**
   * Where the adapter stores the binary in the marketplace bucket (it chose the key, not the caller).
   */
  'objectKey'?: (string);
}

export interface CopyReleaseBinaryResponse__Output {
  'jobId': (string);
  /**
   * queued | stored | failed (a repeated request with the same item release id returns the same job)
   */
  'status': (string);
  /**
   * Where the adapter stores the binary in the marketplace bucket (it chose the key, not the caller).
   */
  'objectKey': (string);
}

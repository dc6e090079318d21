// Original file: proto/marketplace/iotadapter/v1/iot_adapter.proto


export interface CopyReleaseBinaryRequest {
  'applicationId'?: (number);
  'releaseId'?: (string);
  /**
   * Where to store the binary in the marketplace bucket (chosen by the caller, e.g. under the item).
   */
  'objectKey'?: (string);
  /**
   * The caller's id for this copy (the item release id); echoed in the resulting event.
   */
  'correlationId'?: (string);
}

export interface CopyReleaseBinaryRequest__Output {
  'applicationId': (number);
  'releaseId': (string);
  /**
   * Where to store the binary in the marketplace bucket (chosen by the caller, e.g. under the item).
   */
  'objectKey': (string);
  /**
   * The caller's id for this copy (the item release id); echoed in the resulting event.
   */
  'correlationId': (string);
}

// Original file: proto/marketplace/iotadapter/v1/iot_adapter.proto


export interface CopyReleaseBinaryRequest {
  'applicationId'?: (number);
  'releaseId'?: (string);
  /**
   * The item release (guid) the binary is copied for. It names the stored object (under the caller's
   * organisation) and is echoed as `correlationId` in the resulting event; one job per organisation and
   * item release.
   */
  'itemReleaseId'?: (string);
}

export interface CopyReleaseBinaryRequest__Output {
  'applicationId': (number);
  'releaseId': (string);
  /**
   * The item release (guid) the binary is copied for. It names the stored object (under the caller's
   * organisation) and is echoed as `correlationId` in the resulting event; one job per organisation and
   * item release.
   */
  'itemReleaseId': (string);
}

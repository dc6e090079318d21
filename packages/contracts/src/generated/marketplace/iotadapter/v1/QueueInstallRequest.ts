// Original file: proto/marketplace/iotadapter/v1/iot_adapter.proto


export interface QueueInstallRequest {
  /**
   * The requester's install id (a guid): one platform update per install, whatever the retries.
   */
  'installId'?: (string);
  /**
   * 16 hex characters, of the caller's organisation.
   */
  'deviceId'?: (string);
  /**
   * The platform release to install.
   */
  'releaseId'?: (string);
}

export interface QueueInstallRequest__Output {
  /**
   * The requester's install id (a guid): one platform update per install, whatever the retries.
   */
  'installId': (string);
  /**
   * 16 hex characters, of the caller's organisation.
   */
  'deviceId': (string);
  /**
   * The platform release to install.
   */
  'releaseId': (string);
}

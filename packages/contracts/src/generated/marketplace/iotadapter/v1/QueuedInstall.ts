// Original file: proto/marketplace/iotadapter/v1/iot_adapter.proto


export interface QueuedInstall {
  'installId'?: (string);
  /**
   * The platform's update id; for already_installed (nothing queued) the install id.
   */
  'rpcId'?: (string);
  /**
   * queued, or already_installed when the device already runs the release (the platform's 200).
   */
  'status'?: (string);
  'queuedAt'?: (string);
}

export interface QueuedInstall__Output {
  'installId': (string);
  /**
   * The platform's update id; for already_installed (nothing queued) the install id.
   */
  'rpcId': (string);
  /**
   * queued, or already_installed when the device already runs the release (the platform's 200).
   */
  'status': (string);
  'queuedAt': (string);
}

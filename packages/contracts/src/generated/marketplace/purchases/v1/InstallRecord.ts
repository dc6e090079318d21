// Original file: proto/marketplace/purchases/v1/purchases.proto


export interface InstallRecord {
  'installId'?: (string);
  /**
   * The platform's update id (the install id when nothing was queued: already_installed).
   */
  'rpcId'?: (string);
  'deviceId'?: (string);
  'marketplaceItemId'?: (string);
  'version'?: (string);
  /**
   * queued, sent, succeeded, failed, cancelled, expired or already_installed.
   */
  'status'?: (string);
  'queuedAt'?: (string);
}

export interface InstallRecord__Output {
  'installId': (string);
  /**
   * The platform's update id (the install id when nothing was queued: already_installed).
   */
  'rpcId': (string);
  'deviceId': (string);
  'marketplaceItemId': (string);
  'version': (string);
  /**
   * queued, sent, succeeded, failed, cancelled, expired or already_installed.
   */
  'status': (string);
  'queuedAt': (string);
}

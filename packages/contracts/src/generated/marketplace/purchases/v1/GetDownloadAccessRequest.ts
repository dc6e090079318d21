// Original file: proto/marketplace/purchases/v1/purchases.proto


export interface GetDownloadAccessRequest {
  'marketplaceItemId'?: (string);
  /**
   * The release's version string, e.g. 1.4.0+0a1b2c3d.
   */
  'version'?: (string);
  /**
   * 16 hex characters.
   */
  'deviceId'?: (string);
}

export interface GetDownloadAccessRequest__Output {
  'marketplaceItemId': (string);
  /**
   * The release's version string, e.g. 1.4.0+0a1b2c3d.
   */
  'version': (string);
  /**
   * 16 hex characters.
   */
  'deviceId': (string);
}

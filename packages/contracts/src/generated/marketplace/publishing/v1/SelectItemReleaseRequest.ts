// Original file: proto/marketplace/publishing/v1/publishing_releases.proto


export interface SelectItemReleaseRequest {
  /**
   * Marketplace item id.
   */
  'id'?: (string);
  /**
   * An IoT release of the item's application.
   */
  'releaseId'?: (string);
}

export interface SelectItemReleaseRequest__Output {
  /**
   * Marketplace item id.
   */
  'id': (string);
  /**
   * An IoT release of the item's application.
   */
  'releaseId': (string);
}

// Original file: proto/marketplace/publishing/v1/publishing_releases.proto


export interface ListItemReleasesRequest {
  /**
   * Marketplace item id.
   */
  'id'?: (string);
  'page'?: (number);
  'pageSize'?: (number);
  /**
   * createdAt (default) | version
   */
  'orderBy'?: (string);
  /**
   * asc | desc (default)
   */
  'direction'?: (string);
}

export interface ListItemReleasesRequest__Output {
  /**
   * Marketplace item id.
   */
  'id': (string);
  'page': (number);
  'pageSize': (number);
  /**
   * createdAt (default) | version
   */
  'orderBy': (string);
  /**
   * asc | desc (default)
   */
  'direction': (string);
}

// Original file: proto/marketplace/publishing/v1/publishing.proto


export interface ListItemsRequest {
  'page'?: (number);
  'pageSize'?: (number);
  /**
   * createdAt (default) | updatedAt | displayName
   */
  'orderBy'?: (string);
  /**
   * asc | desc (default)
   */
  'direction'?: (string);
  /**
   * Filters; empty means no filter.
   */
  'marketplaceInstanceId'?: (string);
  'type'?: (string);
  'status'?: (string);
  'search'?: (string);
}

export interface ListItemsRequest__Output {
  'page': (number);
  'pageSize': (number);
  /**
   * createdAt (default) | updatedAt | displayName
   */
  'orderBy': (string);
  /**
   * asc | desc (default)
   */
  'direction': (string);
  /**
   * Filters; empty means no filter.
   */
  'marketplaceInstanceId': (string);
  'type': (string);
  'status': (string);
  'search': (string);
}

// Original file: proto/marketplace/publishing/v1/publishing.proto


export interface ListMetadataRequest {
  'id'?: (string);
  'page'?: (number);
  'pageSize'?: (number);
  /**
   * createdAt
   */
  'orderBy'?: (string);
  /**
   * asc | desc (default)
   */
  'direction'?: (string);
}

export interface ListMetadataRequest__Output {
  'id': (string);
  'page': (number);
  'pageSize': (number);
  /**
   * createdAt
   */
  'orderBy': (string);
  /**
   * asc | desc (default)
   */
  'direction': (string);
}

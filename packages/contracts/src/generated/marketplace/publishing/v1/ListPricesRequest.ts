// Original file: proto/marketplace/publishing/v1/publishing.proto


export interface ListPricesRequest {
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

export interface ListPricesRequest__Output {
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

// Original file: proto/marketplace/catalogue/v1/catalogue.proto


export interface ListInstancesRequest {
  'page'?: (number);
  'pageSize'?: (number);
  /**
   * createdAt | name
   */
  'orderBy'?: (string);
  /**
   * asc | desc
   */
  'direction'?: (string);
}

export interface ListInstancesRequest__Output {
  'page': (number);
  'pageSize': (number);
  /**
   * createdAt | name
   */
  'orderBy': (string);
  /**
   * asc | desc
   */
  'direction': (string);
}

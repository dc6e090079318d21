// Original file: proto/marketplace/purchases/v1/purchases.proto


export interface ListPurchaseReleasesRequest {
  'deviceId'?: (string);
  'marketplaceItemId'?: (string);
  'page'?: (number);
  'pageSize'?: (number);
  /**
   * createdAt (default) or version.
   */
  'orderBy'?: (string);
  'direction'?: (string);
}

export interface ListPurchaseReleasesRequest__Output {
  'deviceId': (string);
  'marketplaceItemId': (string);
  'page': (number);
  'pageSize': (number);
  /**
   * createdAt (default) or version.
   */
  'orderBy': (string);
  'direction': (string);
}

// Original file: proto/marketplace/catalogue/v1/catalogue_items.proto


export interface ListListedItemsRequest {
  /**
   * Empty strings mean no filter.
   */
  'marketplaceInstanceId'?: (string);
  'type'?: (string);
  'search'?: (string);
  'page'?: (number);
  'pageSize'?: (number);
  /**
   * relevance | createdAt | displayName | price; empty: relevance with a search, createdAt without.
   */
  'orderBy'?: (string);
  /**
   * asc | desc
   */
  'direction'?: (string);
}

export interface ListListedItemsRequest__Output {
  /**
   * Empty strings mean no filter.
   */
  'marketplaceInstanceId': (string);
  'type': (string);
  'search': (string);
  'page': (number);
  'pageSize': (number);
  /**
   * relevance | createdAt | displayName | price; empty: relevance with a search, createdAt without.
   */
  'orderBy': (string);
  /**
   * asc | desc
   */
  'direction': (string);
}

// Original file: proto/marketplace/catalogue/v1/catalogue_items.proto


/**
 * The same filters, paging and orders as ListListedItemsRequest.
 */
export interface ListOfferedItemsRequest {
  'marketplaceInstanceId'?: (string);
  'type'?: (string);
  'search'?: (string);
  'page'?: (number);
  'pageSize'?: (number);
  'orderBy'?: (string);
  'direction'?: (string);
}

/**
 * The same filters, paging and orders as ListListedItemsRequest.
 */
export interface ListOfferedItemsRequest__Output {
  'marketplaceInstanceId': (string);
  'type': (string);
  'search': (string);
  'page': (number);
  'pageSize': (number);
  'orderBy': (string);
  'direction': (string);
}

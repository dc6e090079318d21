// Original file: proto/marketplace/listings/v1/listings.proto


export interface ListListingHistoryRequest {
  'marketplaceItemId'?: (string);
  'marketplaceInstanceId'?: (string);
  'page'?: (number);
  'pageSize'?: (number);
  'orderBy'?: (string);
  'direction'?: (string);
}

export interface ListListingHistoryRequest__Output {
  'marketplaceItemId': (string);
  'marketplaceInstanceId': (string);
  'page': (number);
  'pageSize': (number);
  'orderBy': (string);
  'direction': (string);
}

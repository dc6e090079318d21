// Original file: proto/marketplace/listings/v1/listings.proto


export interface ListListingsRequest {
  'disabled'?: (boolean);
  'marketplaceInstanceId'?: (string);
  'type'?: (string);
  'search'?: (string);
  'page'?: (number);
  'pageSize'?: (number);
  'orderBy'?: (string);
  'direction'?: (string);
  '_disabled'?: "disabled";
}

export interface ListListingsRequest__Output {
  'disabled'?: (boolean);
  'marketplaceInstanceId': (string);
  'type': (string);
  'search': (string);
  'page': (number);
  'pageSize': (number);
  'orderBy': (string);
  'direction': (string);
  '_disabled'?: "disabled";
}

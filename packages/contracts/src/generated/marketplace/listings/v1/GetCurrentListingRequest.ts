// Original file: proto/marketplace/listings/v1/listings.proto


export interface GetCurrentListingRequest {
  'marketplaceItemId'?: (string);
  'marketplaceInstanceId'?: (string);
}

export interface GetCurrentListingRequest__Output {
  'marketplaceItemId': (string);
  'marketplaceInstanceId': (string);
}

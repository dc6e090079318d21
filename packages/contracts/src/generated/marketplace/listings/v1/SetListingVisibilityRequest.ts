// Original file: proto/marketplace/listings/v1/listings.proto


export interface SetListingVisibilityRequest {
  'listingId'?: (string);
  'visibility'?: (string);
}

export interface SetListingVisibilityRequest__Output {
  'listingId': (string);
  'visibility': (string);
}

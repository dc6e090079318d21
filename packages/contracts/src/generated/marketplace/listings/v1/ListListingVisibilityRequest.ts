// Original file: proto/marketplace/listings/v1/listings.proto


export interface ListListingVisibilityRequest {
  'listingId'?: (string);
  'page'?: (number);
  'pageSize'?: (number);
  'orderBy'?: (string);
  'direction'?: (string);
}

export interface ListListingVisibilityRequest__Output {
  'listingId': (string);
  'page': (number);
  'pageSize': (number);
  'orderBy': (string);
  'direction': (string);
}

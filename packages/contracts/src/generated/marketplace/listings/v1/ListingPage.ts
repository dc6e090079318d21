// Original file: proto/marketplace/listings/v1/listings.proto

import type { Listing as _marketplace_listings_v1_Listing, Listing__Output as _marketplace_listings_v1_Listing__Output } from '../../../marketplace/listings/v1/Listing';

export interface ListingPage {
  'items'?: (_marketplace_listings_v1_Listing)[];
  'page'?: (number);
  'pageSize'?: (number);
  'totalCount'?: (number);
  'totalPages'?: (number);
}

export interface ListingPage__Output {
  'items': (_marketplace_listings_v1_Listing__Output)[];
  'page': (number);
  'pageSize': (number);
  'totalCount': (number);
  'totalPages': (number);
}

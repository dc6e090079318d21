// Original file: proto/marketplace/listings/v1/listings.proto

import type { Money as _marketplace_listings_v1_Money, Money__Output as _marketplace_listings_v1_Money__Output } from '../../../marketplace/listings/v1/Money';

export interface CreateListingRequest {
  'marketplaceItemId'?: (string);
  'marketplaceInstanceId'?: (string);
  'price'?: (_marketplace_listings_v1_Money | null);
  /**
   * public | private; empty means public.
   */
  'visibility'?: (string);
}

export interface CreateListingRequest__Output {
  'marketplaceItemId': (string);
  'marketplaceInstanceId': (string);
  'price': (_marketplace_listings_v1_Money__Output | null);
  /**
   * public | private; empty means public.
   */
  'visibility': (string);
}

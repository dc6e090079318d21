// Original file: proto/marketplace/listings/v1/listings.proto

import type { Money as _marketplace_listings_v1_Money, Money__Output as _marketplace_listings_v1_Money__Output } from '../../../marketplace/listings/v1/Money';

/**
 * A provider's offer to sell an item in an instance.
 */
export interface Listing {
  'id'?: (string);
  'marketplaceItemId'?: (string);
  'marketplaceInstanceId'?: (string);
  'providerOrganisationId'?: (string);
  'price'?: (_marketplace_listings_v1_Money | null);
  /**
   * public | private
   */
  'visibility'?: (string);
  'disabled'?: (boolean);
  'createdAt'?: (string);
  'supersededAt'?: (string);
  '_supersededAt'?: "supersededAt";
}

/**
 * A provider's offer to sell an item in an instance.
 */
export interface Listing__Output {
  'id': (string);
  'marketplaceItemId': (string);
  'marketplaceInstanceId': (string);
  'providerOrganisationId': (string);
  'price': (_marketplace_listings_v1_Money__Output | null);
  /**
   * public | private
   */
  'visibility': (string);
  'disabled': (boolean);
  'createdAt': (string);
  'supersededAt'?: (string);
  '_supersededAt'?: "supersededAt";
}

// Original file: proto/marketplace/catalogue/v1/catalogue_items.proto

import type { Money as _marketplace_catalogue_v1_Money, Money__Output as _marketplace_catalogue_v1_Money__Output } from '../../../marketplace/catalogue/v1/Money';

export interface ListingPrice {
  'listingId'?: (string);
  'providerOrganisationId'?: (string);
  'price'?: (_marketplace_catalogue_v1_Money | null);
}

export interface ListingPrice__Output {
  'listingId': (string);
  'providerOrganisationId': (string);
  'price': (_marketplace_catalogue_v1_Money__Output | null);
}

// Original file: proto/marketplace/catalogue/v1/catalogue_items.proto

import type { Storefront as _marketplace_catalogue_v1_Storefront, Storefront__Output as _marketplace_catalogue_v1_Storefront__Output } from '../../../marketplace/catalogue/v1/Storefront';
import type { Money as _marketplace_catalogue_v1_Money, Money__Output as _marketplace_catalogue_v1_Money__Output } from '../../../marketplace/catalogue/v1/Money';
import type { ListingPrice as _marketplace_catalogue_v1_ListingPrice, ListingPrice__Output as _marketplace_catalogue_v1_ListingPrice__Output } from '../../../marketplace/catalogue/v1/ListingPrice';

/**
 * Published, with at least one enabled public listing in its instance.
 */
export interface ListedItem {
  'item'?: (_marketplace_catalogue_v1_Storefront | null);
  'fromPrice'?: (_marketplace_catalogue_v1_Money | null);
  'listings'?: (_marketplace_catalogue_v1_ListingPrice)[];
}

/**
 * Published, with at least one enabled public listing in its instance.
 */
export interface ListedItem__Output {
  'item': (_marketplace_catalogue_v1_Storefront__Output | null);
  'fromPrice': (_marketplace_catalogue_v1_Money__Output | null);
  'listings': (_marketplace_catalogue_v1_ListingPrice__Output)[];
}

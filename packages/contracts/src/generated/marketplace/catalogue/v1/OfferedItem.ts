// Original file: proto/marketplace/catalogue/v1/catalogue_items.proto

import type { Storefront as _marketplace_catalogue_v1_Storefront, Storefront__Output as _marketplace_catalogue_v1_Storefront__Output } from '../../../marketplace/catalogue/v1/Storefront';
import type { Money as _marketplace_catalogue_v1_Money, Money__Output as _marketplace_catalogue_v1_Money__Output } from '../../../marketplace/catalogue/v1/Money';
import type { ItemRelease as _marketplace_catalogue_v1_ItemRelease, ItemRelease__Output as _marketplace_catalogue_v1_ItemRelease__Output } from '../../../marketplace/catalogue/v1/ItemRelease';

/**
 * Published, with an active offering; `listed`: the caller's organisation has a current listing of it.
 */
export interface OfferedItem {
  'item'?: (_marketplace_catalogue_v1_Storefront | null);
  /**
   * Absent only if publishing never announced one (a published item always has one).
   */
  'basePrice'?: (_marketplace_catalogue_v1_Money | null);
  'releases'?: (_marketplace_catalogue_v1_ItemRelease)[];
  'offeredAt'?: (string);
  'listed'?: (boolean);
}

/**
 * Published, with an active offering; `listed`: the caller's organisation has a current listing of it.
 */
export interface OfferedItem__Output {
  'item': (_marketplace_catalogue_v1_Storefront__Output | null);
  /**
   * Absent only if publishing never announced one (a published item always has one).
   */
  'basePrice': (_marketplace_catalogue_v1_Money__Output | null);
  'releases': (_marketplace_catalogue_v1_ItemRelease__Output)[];
  'offeredAt': (string);
  'listed': (boolean);
}

// Original file: proto/marketplace/listings/v1/listings.proto

import type { Money as _marketplace_listings_v1_Money, Money__Output as _marketplace_listings_v1_Money__Output } from '../../../marketplace/listings/v1/Money';

export interface ListingSummary {
  'id'?: (string);
  'marketplaceItemId'?: (string);
  'marketplaceInstanceId'?: (string);
  'displayName'?: (string);
  /**
   * app | algorithm
   */
  'type'?: (string);
  /**
   * Freshly presigned; absent when the item has no icon.
   */
  'iconUrl'?: (string);
  'price'?: (_marketplace_listings_v1_Money | null);
  'visibility'?: (string);
  'disabled'?: (boolean);
  'purchaseCount'?: (number);
  'createdAt'?: (string);
  '_iconUrl'?: "iconUrl";
}

export interface ListingSummary__Output {
  'id': (string);
  'marketplaceItemId': (string);
  'marketplaceInstanceId': (string);
  'displayName': (string);
  /**
   * app | algorithm
   */
  'type': (string);
  /**
   * Freshly presigned; absent when the item has no icon.
   */
  'iconUrl'?: (string);
  'price': (_marketplace_listings_v1_Money__Output | null);
  'visibility': (string);
  'disabled': (boolean);
  'purchaseCount': (number);
  'createdAt': (string);
  '_iconUrl'?: "iconUrl";
}

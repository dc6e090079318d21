// Original file: proto/marketplace/purchases/v1/purchases.proto

import type { Money as _marketplace_purchases_v1_Money, Money__Output as _marketplace_purchases_v1_Money__Output } from '../../../marketplace/purchases/v1/Money';

export interface ActivityEntry {
  /**
   * purchase, refund, dispute or install.
   */
  'kind'?: (string);
  'at'?: (string);
  'marketplaceItemId'?: (string);
  'displayName'?: (string);
  'deviceId'?: (string);
  'amount'?: (_marketplace_purchases_v1_Money | null);
  /**
   * Why the entry's purchase is held (amount-mismatch, currency-mismatch); empty otherwise.
   */
  'reason'?: (string);
  '_amount'?: "amount";
}

export interface ActivityEntry__Output {
  /**
   * purchase, refund, dispute or install.
   */
  'kind': (string);
  'at': (string);
  'marketplaceItemId': (string);
  'displayName': (string);
  'deviceId': (string);
  'amount'?: (_marketplace_purchases_v1_Money__Output | null);
  /**
   * Why the entry's purchase is held (amount-mismatch, currency-mismatch); empty otherwise.
   */
  'reason': (string);
  '_amount'?: "amount";
}

// Original file: proto/marketplace/purchases/v1/purchases.proto

import type { Money as _marketplace_purchases_v1_Money, Money__Output as _marketplace_purchases_v1_Money__Output } from '../../../marketplace/purchases/v1/Money';

export interface Refund {
  'refundId'?: (string);
  'purchaseId'?: (string);
  /**
   * Stripe's refund status (pending, succeeded, ...); the purchase changes when Stripe's notification
   * arrives.
   */
  'status'?: (string);
  'amount'?: (_marketplace_purchases_v1_Money | null);
}

export interface Refund__Output {
  'refundId': (string);
  'purchaseId': (string);
  /**
   * Stripe's refund status (pending, succeeded, ...); the purchase changes when Stripe's notification
   * arrives.
   */
  'status': (string);
  'amount': (_marketplace_purchases_v1_Money__Output | null);
}

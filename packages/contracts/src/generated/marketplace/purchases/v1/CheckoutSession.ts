// Original file: proto/marketplace/purchases/v1/purchases.proto

import type { Money as _marketplace_purchases_v1_Money, Money__Output as _marketplace_purchases_v1_Money__Output } from '../../../marketplace/purchases/v1/Money';

export interface CheckoutSession {
  'checkoutSessionId'?: (string);
  /**
   * The hosted payment page to send the buyer to.
   */
  'url'?: (string);
  'expiresAt'?: (string);
  /**
   * The listing's current price: what the session charges.
   */
  'amount'?: (_marketplace_purchases_v1_Money | null);
}

export interface CheckoutSession__Output {
  'checkoutSessionId': (string);
  /**
   * The hosted payment page to send the buyer to.
   */
  'url': (string);
  'expiresAt': (string);
  /**
   * The listing's current price: what the session charges.
   */
  'amount': (_marketplace_purchases_v1_Money__Output | null);
}

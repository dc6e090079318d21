// Original file: proto/marketplace/purchases/v1/purchases.proto

import type { Money as _marketplace_purchases_v1_Money, Money__Output as _marketplace_purchases_v1_Money__Output } from '../../../marketplace/purchases/v1/Money';

/**
 * A purchase, created only by a payment notification (one per payment intent).
 */
export interface Purchase {
  'id'?: (string);
  'marketplaceItemId'?: (string);
  'displayName'?: (string);
  'listingId'?: (string);
  'marketplaceInstanceId'?: (string);
  'providerOrganisationId'?: (string);
  'deviceId'?: (string);
  'amount'?: (_marketplace_purchases_v1_Money | null);
  /**
   * completed, partially_refunded, refunded, disputed or held.
   */
  'status'?: (string);
  'livemode'?: (boolean);
  'purchasedAt'?: (string);
  /**
   * The payment intent id.
   */
  'paymentReference'?: (string);
  /**
   * Why the purchase is held (amount-mismatch, currency-mismatch); empty when its payment matched the
   * listing's price.
   */
  'reason'?: (string);
}

/**
 * A purchase, created only by a payment notification (one per payment intent).
 */
export interface Purchase__Output {
  'id': (string);
  'marketplaceItemId': (string);
  'displayName': (string);
  'listingId': (string);
  'marketplaceInstanceId': (string);
  'providerOrganisationId': (string);
  'deviceId': (string);
  'amount': (_marketplace_purchases_v1_Money__Output | null);
  /**
   * completed, partially_refunded, refunded, disputed or held.
   */
  'status': (string);
  'livemode': (boolean);
  'purchasedAt': (string);
  /**
   * The payment intent id.
   */
  'paymentReference': (string);
  /**
   * Why the purchase is held (amount-mismatch, currency-mismatch); empty when its payment matched the
   * listing's price.
   */
  'reason': (string);
}

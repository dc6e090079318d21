// Original file: proto/marketplace/settlements/v1/stripe_payments.proto

import type { CheckoutLineItem as _marketplace_settlements_v1_CheckoutLineItem, CheckoutLineItem__Output as _marketplace_settlements_v1_CheckoutLineItem__Output } from '../../../marketplace/settlements/v1/CheckoutLineItem';
import type { Long } from '@grpc/proto-loader';

export interface CreateCheckoutSessionRequest {
  'lineItem'?: (_marketplace_settlements_v1_CheckoutLineItem | null);
  /**
   * Copied to the session's `metadata` and to `payment_intent_data.metadata` (listingId, deviceId,
   * marketplaceItemId, marketplaceInstanceId): the payment notifications carry them back.
   */
  'metadata'?: ({[key: string]: string});
  'successUrl'?: (string);
  'cancelUrl'?: (string);
  /**
   * Empty: the hosted page asks for it.
   */
  'customerEmail'?: (string);
  /**
   * Epoch seconds.
   */
  'expiresAt'?: (number | string | Long);
  /**
   * Stripe's Idempotency-Key for the create call.
   */
  'idempotencyKey'?: (string);
}

export interface CreateCheckoutSessionRequest__Output {
  'lineItem': (_marketplace_settlements_v1_CheckoutLineItem__Output | null);
  /**
   * Copied to the session's `metadata` and to `payment_intent_data.metadata` (listingId, deviceId,
   * marketplaceItemId, marketplaceInstanceId): the payment notifications carry them back.
   */
  'metadata': ({[key: string]: string});
  'successUrl': (string);
  'cancelUrl': (string);
  /**
   * Empty: the hosted page asks for it.
   */
  'customerEmail': (string);
  /**
   * Epoch seconds.
   */
  'expiresAt': (string);
  /**
   * Stripe's Idempotency-Key for the create call.
   */
  'idempotencyKey': (string);
}

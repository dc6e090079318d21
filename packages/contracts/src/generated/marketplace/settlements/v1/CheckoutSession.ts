// Original file: proto/marketplace/settlements/v1/stripe_payments.proto

import type { Long } from '@grpc/proto-loader';

export interface CheckoutSession {
  'id'?: (string);
  /**
   * The hosted payment page.
   */
  'url'?: (string);
  /**
   * Epoch seconds.
   */
  'expiresAt'?: (number | string | Long);
  'amountTotal'?: (number | string | Long);
  'currency'?: (string);
  'livemode'?: (boolean);
}

export interface CheckoutSession__Output {
  'id': (string);
  /**
   * The hosted payment page.
   */
  'url': (string);
  /**
   * Epoch seconds.
   */
  'expiresAt': (string);
  'amountTotal': (string);
  'currency': (string);
  'livemode': (boolean);
}

// Original file: proto/marketplace/settlements/v1/stripe_payments.proto

import type { Long } from '@grpc/proto-loader';

export interface CheckoutLineItem {
  /**
   * Minor units of `currency`.
   */
  'unitAmount'?: (number | string | Long);
  /**
   * ISO 4217, upper case.
   */
  'currency'?: (string);
  /**
   * The item's display name, shown on the hosted payment page.
   */
  'name'?: (string);
}

export interface CheckoutLineItem__Output {
  /**
   * Minor units of `currency`.
   */
  'unitAmount': (string);
  /**
   * ISO 4217, upper case.
   */
  'currency': (string);
  /**
   * The item's display name, shown on the hosted payment page.
   */
  'name': (string);
}

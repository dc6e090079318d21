// Original file: proto/marketplace/settlements/v1/stripe_payments.proto

import type { Long } from '@grpc/proto-loader';

export interface Refund {
  'id'?: (string);
  /**
   * Stripe's refund status: pending, requires_action, succeeded, failed or canceled.
   */
  'status'?: (string);
  'amount'?: (number | string | Long);
  'currency'?: (string);
}

export interface Refund__Output {
  'id': (string);
  /**
   * Stripe's refund status: pending, requires_action, succeeded, failed or canceled.
   */
  'status': (string);
  'amount': (string);
  'currency': (string);
}

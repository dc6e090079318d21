// Original file: proto/marketplace/settlements/v1/stripe_payments.proto

import type { Long } from '@grpc/proto-loader';

export interface CreateRefundRequest {
  'paymentIntentId'?: (string);
  /**
   * Minor units; the caller checked it against the refundable remainder.
   */
  'amount'?: (number | string | Long);
  /**
   * Empty, duplicate, fraudulent or requested_by_customer.
   */
  'reason'?: (string);
  'idempotencyKey'?: (string);
}

export interface CreateRefundRequest__Output {
  'paymentIntentId': (string);
  /**
   * Minor units; the caller checked it against the refundable remainder.
   */
  'amount': (string);
  /**
   * Empty, duplicate, fraudulent or requested_by_customer.
   */
  'reason': (string);
  'idempotencyKey': (string);
}

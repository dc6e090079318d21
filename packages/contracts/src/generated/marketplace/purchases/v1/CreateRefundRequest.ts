// Original file: proto/marketplace/purchases/v1/purchases.proto

import type { Long } from '@grpc/proto-loader';

export interface CreateRefundRequest {
  'purchaseId'?: (string);
  /**
   * Minor units; absent: the whole refundable remainder.
   */
  'amount'?: (number | string | Long);
  /**
   * Empty, duplicate, fraudulent or requested_by_customer.
   */
  'reason'?: (string);
  '_amount'?: "amount";
}

export interface CreateRefundRequest__Output {
  'purchaseId': (string);
  /**
   * Minor units; absent: the whole refundable remainder.
   */
  'amount'?: (string);
  /**
   * Empty, duplicate, fraudulent or requested_by_customer.
   */
  'reason': (string);
  '_amount'?: "amount";
}

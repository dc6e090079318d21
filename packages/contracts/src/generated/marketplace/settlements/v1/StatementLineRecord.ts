// Original file: proto/marketplace/settlements/v1/statements.proto

import type { Long } from '@grpc/proto-loader';

export interface StatementLineRecord {
  'occurredAt'?: (string);
  /**
   * sale, refund, dispute or adjustment.
   */
  'kind'?: (string);
  'purchaseId'?: (string);
  'marketplaceItemId'?: (string);
  'displayName'?: (string);
  'deviceId'?: (string);
  /**
   * The movement's gross and platform fee (negative for a reversal), and this party's share.
   */
  'gross'?: (number | string | Long);
  'platformFee'?: (number | string | Long);
  'share'?: (number | string | Long);
}

export interface StatementLineRecord__Output {
  'occurredAt': (string);
  /**
   * sale, refund, dispute or adjustment.
   */
  'kind': (string);
  'purchaseId': (string);
  'marketplaceItemId': (string);
  'displayName': (string);
  'deviceId': (string);
  /**
   * The movement's gross and platform fee (negative for a reversal), and this party's share.
   */
  'gross': (string);
  'platformFee': (string);
  'share': (string);
}

// Original file: proto/marketplace/catalogue/v1/catalogue_items.proto

import type { Long } from '@grpc/proto-loader';

/**
 * An amount in the currency's minor unit (integer, never a float).
 */
export interface Money {
  'amount'?: (number | string | Long);
  'currency'?: (string);
}

/**
 * An amount in the currency's minor unit (integer, never a float).
 */
export interface Money__Output {
  'amount': (string);
  'currency': (string);
}

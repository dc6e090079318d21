// Original file: proto/marketplace/purchases/v1/purchases.proto

import type { Long } from '@grpc/proto-loader';

export interface Money {
  'amount'?: (number | string | Long);
  'currency'?: (string);
}

export interface Money__Output {
  'amount': (string);
  'currency': (string);
}

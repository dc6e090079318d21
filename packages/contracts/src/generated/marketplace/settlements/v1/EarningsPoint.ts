// Original file: proto/marketplace/settlements/v1/earnings.proto

import type { Long } from '@grpc/proto-loader';

export interface EarningsPoint {
  'periodStart'?: (string);
  'currency'?: (string);
  'grossSales'?: (number | string | Long);
  'netEarnings'?: (number | string | Long);
  'purchaseCount'?: (number);
}

export interface EarningsPoint__Output {
  'periodStart': (string);
  'currency': (string);
  'grossSales': (string);
  'netEarnings': (string);
  'purchaseCount': (number);
}

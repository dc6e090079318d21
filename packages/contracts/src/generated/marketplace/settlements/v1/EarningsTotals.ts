// Original file: proto/marketplace/settlements/v1/earnings.proto

import type { Long } from '@grpc/proto-loader';

export interface EarningsTotals {
  'currency'?: (string);
  'grossSales'?: (number | string | Long);
  'refunds'?: (number | string | Long);
  'platformFees'?: (number | string | Long);
  'developerCosts'?: (number | string | Long);
  'netEarnings'?: (number | string | Long);
  'purchaseCount'?: (number);
}

export interface EarningsTotals__Output {
  'currency': (string);
  'grossSales': (string);
  'refunds': (string);
  'platformFees': (string);
  'developerCosts': (string);
  'netEarnings': (string);
  'purchaseCount': (number);
}

// Original file: proto/marketplace/settlements/v1/earnings.proto

import type { Long } from '@grpc/proto-loader';

export interface AppEarnings {
  'marketplaceItemId'?: (string);
  'displayName'?: (string);
  'currency'?: (string);
  'grossSales'?: (number | string | Long);
  'refunds'?: (number | string | Long);
  'netEarnings'?: (number | string | Long);
  'purchaseCount'?: (number);
}

export interface AppEarnings__Output {
  'marketplaceItemId': (string);
  'displayName': (string);
  'currency': (string);
  'grossSales': (string);
  'refunds': (string);
  'netEarnings': (string);
  'purchaseCount': (number);
}

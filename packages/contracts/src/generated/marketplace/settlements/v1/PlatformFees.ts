// Original file: proto/marketplace/settlements/v1/earnings.proto

import type { Long } from '@grpc/proto-loader';

export interface PlatformFees {
  'marketplaceInstanceId'?: (string);
  'currency'?: (string);
  /**
   * First day of the UTC month, YYYY-MM.
   */
  'month'?: (string);
  'platformFees'?: (number | string | Long);
  'grossSales'?: (number | string | Long);
  'saleCount'?: (number);
}

export interface PlatformFees__Output {
  'marketplaceInstanceId': (string);
  'currency': (string);
  /**
   * First day of the UTC month, YYYY-MM.
   */
  'month': (string);
  'platformFees': (string);
  'grossSales': (string);
  'saleCount': (number);
}

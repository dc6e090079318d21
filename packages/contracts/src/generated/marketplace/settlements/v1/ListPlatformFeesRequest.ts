// Original file: proto/marketplace/settlements/v1/earnings.proto

import type { EarningsWindow as _marketplace_settlements_v1_EarningsWindow, EarningsWindow__Output as _marketplace_settlements_v1_EarningsWindow__Output } from '../../../marketplace/settlements/v1/EarningsWindow';

export interface ListPlatformFeesRequest {
  'window'?: (_marketplace_settlements_v1_EarningsWindow | null);
  /**
   * Empty: every instance.
   */
  'marketplaceInstanceId'?: (string);
  /**
   * Empty: every currency.
   */
  'currency'?: (string);
  'page'?: (number);
  'pageSize'?: (number);
  'orderBy'?: (string);
  'direction'?: (string);
}

export interface ListPlatformFeesRequest__Output {
  'window': (_marketplace_settlements_v1_EarningsWindow__Output | null);
  /**
   * Empty: every instance.
   */
  'marketplaceInstanceId': (string);
  /**
   * Empty: every currency.
   */
  'currency': (string);
  'page': (number);
  'pageSize': (number);
  'orderBy': (string);
  'direction': (string);
}

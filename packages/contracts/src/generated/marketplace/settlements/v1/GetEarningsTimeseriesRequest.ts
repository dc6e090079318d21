// Original file: proto/marketplace/settlements/v1/earnings.proto

import type { EarningsWindow as _marketplace_settlements_v1_EarningsWindow, EarningsWindow__Output as _marketplace_settlements_v1_EarningsWindow__Output } from '../../../marketplace/settlements/v1/EarningsWindow';

export interface GetEarningsTimeseriesRequest {
  /**
   * day, week or month.
   */
  'interval'?: (string);
  'window'?: (_marketplace_settlements_v1_EarningsWindow | null);
}

export interface GetEarningsTimeseriesRequest__Output {
  /**
   * day, week or month.
   */
  'interval': (string);
  'window': (_marketplace_settlements_v1_EarningsWindow__Output | null);
}

// Original file: proto/marketplace/settlements/v1/earnings.proto

import type { EarningsTotals as _marketplace_settlements_v1_EarningsTotals, EarningsTotals__Output as _marketplace_settlements_v1_EarningsTotals__Output } from '../../../marketplace/settlements/v1/EarningsTotals';

export interface GetEarningsSummaryResponse {
  /**
   * Empty when unbounded on that side.
   */
  'startUtc'?: (string);
  'endUtc'?: (string);
  'totals'?: (_marketplace_settlements_v1_EarningsTotals)[];
}

export interface GetEarningsSummaryResponse__Output {
  /**
   * Empty when unbounded on that side.
   */
  'startUtc': (string);
  'endUtc': (string);
  'totals': (_marketplace_settlements_v1_EarningsTotals__Output)[];
}

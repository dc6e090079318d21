// Original file: proto/marketplace/settlements/v1/earnings.proto

import type { EarningsPoint as _marketplace_settlements_v1_EarningsPoint, EarningsPoint__Output as _marketplace_settlements_v1_EarningsPoint__Output } from '../../../marketplace/settlements/v1/EarningsPoint';

export interface GetEarningsTimeseriesResponse {
  'interval'?: (string);
  'points'?: (_marketplace_settlements_v1_EarningsPoint)[];
}

export interface GetEarningsTimeseriesResponse__Output {
  'interval': (string);
  'points': (_marketplace_settlements_v1_EarningsPoint__Output)[];
}

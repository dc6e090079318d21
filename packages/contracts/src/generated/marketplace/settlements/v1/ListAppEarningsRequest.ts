// Original file: proto/marketplace/settlements/v1/earnings.proto

import type { EarningsWindow as _marketplace_settlements_v1_EarningsWindow, EarningsWindow__Output as _marketplace_settlements_v1_EarningsWindow__Output } from '../../../marketplace/settlements/v1/EarningsWindow';

export interface ListAppEarningsRequest {
  'window'?: (_marketplace_settlements_v1_EarningsWindow | null);
  'page'?: (number);
  'pageSize'?: (number);
  'orderBy'?: (string);
  'direction'?: (string);
}

export interface ListAppEarningsRequest__Output {
  'window': (_marketplace_settlements_v1_EarningsWindow__Output | null);
  'page': (number);
  'pageSize': (number);
  'orderBy': (string);
  'direction': (string);
}

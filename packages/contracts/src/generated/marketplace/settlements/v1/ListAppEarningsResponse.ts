// Original file: proto/marketplace/settlements/v1/earnings.proto

import type { AppEarnings as _marketplace_settlements_v1_AppEarnings, AppEarnings__Output as _marketplace_settlements_v1_AppEarnings__Output } from '../../../marketplace/settlements/v1/AppEarnings';

export interface ListAppEarningsResponse {
  'items'?: (_marketplace_settlements_v1_AppEarnings)[];
  'page'?: (number);
  'pageSize'?: (number);
  'totalCount'?: (number);
  'totalPages'?: (number);
}

export interface ListAppEarningsResponse__Output {
  'items': (_marketplace_settlements_v1_AppEarnings__Output)[];
  'page': (number);
  'pageSize': (number);
  'totalCount': (number);
  'totalPages': (number);
}

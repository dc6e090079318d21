// Original file: proto/marketplace/settlements/v1/earnings.proto

import type { PlatformFees as _marketplace_settlements_v1_PlatformFees, PlatformFees__Output as _marketplace_settlements_v1_PlatformFees__Output } from '../../../marketplace/settlements/v1/PlatformFees';

export interface ListPlatformFeesResponse {
  'items'?: (_marketplace_settlements_v1_PlatformFees)[];
  'page'?: (number);
  'pageSize'?: (number);
  'totalCount'?: (number);
  'totalPages'?: (number);
}

export interface ListPlatformFeesResponse__Output {
  'items': (_marketplace_settlements_v1_PlatformFees__Output)[];
  'page': (number);
  'pageSize': (number);
  'totalCount': (number);
  'totalPages': (number);
}

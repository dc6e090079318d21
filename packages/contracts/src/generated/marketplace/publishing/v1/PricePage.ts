// Original file: proto/marketplace/publishing/v1/publishing.proto

import type { PriceRecord as _marketplace_publishing_v1_PriceRecord, PriceRecord__Output as _marketplace_publishing_v1_PriceRecord__Output } from '../../../marketplace/publishing/v1/PriceRecord';

export interface PricePage {
  'items'?: (_marketplace_publishing_v1_PriceRecord)[];
  'page'?: (number);
  'pageSize'?: (number);
  'totalCount'?: (number);
  'totalPages'?: (number);
}

export interface PricePage__Output {
  'items': (_marketplace_publishing_v1_PriceRecord__Output)[];
  'page': (number);
  'pageSize': (number);
  'totalCount': (number);
  'totalPages': (number);
}

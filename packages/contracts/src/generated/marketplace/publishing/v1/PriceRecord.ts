// Original file: proto/marketplace/publishing/v1/publishing.proto

import type { Money as _marketplace_publishing_v1_Money, Money__Output as _marketplace_publishing_v1_Money__Output } from '../../../marketplace/publishing/v1/Money';

export interface PriceRecord {
  'price'?: (_marketplace_publishing_v1_Money | null);
  'effectiveFrom'?: (string);
  'createdAt'?: (string);
}

export interface PriceRecord__Output {
  'price': (_marketplace_publishing_v1_Money__Output | null);
  'effectiveFrom': (string);
  'createdAt': (string);
}

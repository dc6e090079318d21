// Original file: proto/marketplace/publishing/v1/publishing.proto

import type { ItemImage as _marketplace_publishing_v1_ItemImage, ItemImage__Output as _marketplace_publishing_v1_ItemImage__Output } from '../../../marketplace/publishing/v1/ItemImage';

export interface ImageList {
  'items'?: (_marketplace_publishing_v1_ItemImage)[];
}

export interface ImageList__Output {
  'items': (_marketplace_publishing_v1_ItemImage__Output)[];
}

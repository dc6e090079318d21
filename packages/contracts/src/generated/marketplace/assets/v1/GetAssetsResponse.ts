// Original file: proto/marketplace/assets/v1/assets.proto

import type { Asset as _marketplace_assets_v1_Asset, Asset__Output as _marketplace_assets_v1_Asset__Output } from '../../../marketplace/assets/v1/Asset';

export interface GetAssetsResponse {
  /**
   * The caller's assets among the ids asked for, in the order asked; unknown ids are left out.
   */
  'items'?: (_marketplace_assets_v1_Asset)[];
}

export interface GetAssetsResponse__Output {
  /**
   * The caller's assets among the ids asked for, in the order asked; unknown ids are left out.
   */
  'items': (_marketplace_assets_v1_Asset__Output)[];
}

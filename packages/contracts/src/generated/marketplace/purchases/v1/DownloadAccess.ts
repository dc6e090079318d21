// Original file: proto/marketplace/purchases/v1/purchases.proto

import type { Download as _marketplace_purchases_v1_Download, Download__Output as _marketplace_purchases_v1_Download__Output } from '../../../marketplace/purchases/v1/Download';

export interface DownloadAccess {
  'eligible'?: (boolean);
  /**
   * When not eligible: not-purchased, purchase-not-active, version-not-found, incompatible,
   * not-device-owner or preparing.
   */
  'reason'?: (string);
  /**
   * Set only when eligible.
   */
  'download'?: (_marketplace_purchases_v1_Download | null);
  '_download'?: "download";
}

export interface DownloadAccess__Output {
  'eligible': (boolean);
  /**
   * When not eligible: not-purchased, purchase-not-active, version-not-found, incompatible,
   * not-device-owner or preparing.
   */
  'reason': (string);
  /**
   * Set only when eligible.
   */
  'download'?: (_marketplace_purchases_v1_Download__Output | null);
  '_download'?: "download";
}

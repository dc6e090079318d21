// Original file: proto/marketplace/publishing/v1/publishing.proto


export interface Readiness {
  'ready'?: (boolean);
  /**
   * Subset of displayName, basePrice, release, in that order.
   */
  'unmet'?: (string)[];
}

export interface Readiness__Output {
  'ready': (boolean);
  /**
   * Subset of displayName, basePrice, release, in that order.
   */
  'unmet': (string)[];
}

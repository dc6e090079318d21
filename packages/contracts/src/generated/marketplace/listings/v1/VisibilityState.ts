// Original file: proto/marketplace/listings/v1/listings.proto


export interface VisibilityState {
  'visibility'?: (string);
  'setAt'?: (string);
  /**
   * Subject of the principal that set it.
   */
  'setBy'?: (string);
}

export interface VisibilityState__Output {
  'visibility': (string);
  'setAt': (string);
  /**
   * Subject of the principal that set it.
   */
  'setBy': (string);
}

// Original file: proto/marketplace/purchases/v1/purchases.proto


export interface ListPurchaseActivityRequest {
  /**
   * ISO 8601 instants; empty: unbounded.
   */
  'startUtc'?: (string);
  'endUtc'?: (string);
  /**
   * 1..500; 0: the default (50).
   */
  'limit'?: (number);
  /**
   * Absent: the deployment's default mode.
   */
  'livemode'?: (boolean);
  '_livemode'?: "livemode";
}

export interface ListPurchaseActivityRequest__Output {
  /**
   * ISO 8601 instants; empty: unbounded.
   */
  'startUtc': (string);
  'endUtc': (string);
  /**
   * 1..500; 0: the default (50).
   */
  'limit': (number);
  /**
   * Absent: the deployment's default mode.
   */
  'livemode'?: (boolean);
  '_livemode'?: "livemode";
}
